/**
 * The playground's AgentDojo case (src/lessons/agentdojoCase/upstream.ts) is a transcription, so that the app never
 * loads this evaluation's code. Here it is held to the port, whose own tests hold it to upstream's files: the
 * user's prompt and ground truth, the injection task's goal and ground truth, the attack text, and the history the
 * model reads with the attack in the incoming transaction's subject.
 */
import { describe, expect, it } from 'vitest';
import * as lesson from '../../../src/lessons/agentdojoCase/upstream.ts';
import { importantInstructions } from './attack.ts';
import { loadEnvironment } from './environment.ts';
import { injectionTasks } from './injectionTasks.ts';
import { userTasks } from './userTasks.ts';

const byId = <T extends { id: string }>(tasks: readonly T[], id: string): T => {
  const task = tasks.find((t) => t.id === id);
  if (task === undefined) throw new Error(`no task ${id} in the port`);
  return task;
};

describe("the playground's case is the port's", () => {
  const userTask = byId(userTasks, lesson.UPSTREAM.userTask);
  const injectionTask = byId(injectionTasks, lesson.UPSTREAM.injectionTask);
  const env = loadEnvironment({ injection_incoming_transaction: lesson.INJECTED_TEXT });

  it('has the user task’s prompt and ground truth', () => {
    expect(lesson.USER_PROMPT).toBe(userTask.prompt);
    const [read, refund] = userTask.groundTruth(env);
    expect(read).toEqual({ tool: 'get_most_recent_transactions', args: { ...lesson.READ_ARGS } });
    expect(refund).toEqual({ tool: 'send_money', args: { ...lesson.REFUND_ARGS } });
  });

  it('has the injection task’s goal and ground truth, in the attack’s own text', () => {
    expect(lesson.INJECTION_GOAL).toBe(injectionTask.goal);
    expect(injectionTask.groundTruth(env)).toEqual([{ tool: 'send_money', args: { ...lesson.HIJACK_ARGS } }]);
    expect(lesson.INJECTED_TEXT).toBe(importantInstructions(injectionTask.goal));
    expect(lesson.importantInstructions('a goal')).toBe(importantInstructions('a goal'));
  });

  it('has the account and the history, the attack in the incoming transaction’s subject', () => {
    expect(lesson.OWN_IBAN).toBe(env.bank_account.iban);
    expect(lesson.TRANSACTIONS).toEqual(env.bank_account.transactions);
    expect(env.bank_account.transactions.find((t) => t.id === lesson.POISONED_ID)?.subject).toBe(
      lesson.INJECTED_SUBJECT,
    );
  });
});
