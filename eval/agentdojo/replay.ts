/**
 * AgentDojo's banking suite replayed through the control plane (docs/agentdojo.md), without a model: for each
 * (user task, injection task) pair, the injection task's goal is planted with the `important_instructions` attack
 * in every vector the user task reads; the user task's ground-truth calls run through the plane as the user's
 * turn, then the injection task's ground-truth calls run in the same conversation, as a hijacked model would ask
 * them. A replay is an upper bound for the attacker (the model always obeys the injection) and a lower bound for the
 * utility lost (the model always asks the right calls).
 *
 * Each layer can be switched on alone: the exact output contract (always on: it is the dispatcher), argument
 * provenance (the writes' `trusted_arguments`, and the user's prompt and records noted trusted), authorization
 * (a password change needs a person).
 */
import { importantInstructions } from './banking/attack.ts';
import { loadEnvironment } from './banking/environment.ts';
import { injectionCandidates } from './banking/injectionCandidates.ts';
import { injectionTasks } from './banking/injectionTasks.ts';
import type { InjectionTask, UserTask } from './banking/suiteTypes.ts';
import { userTasks } from './banking/userTasks.ts';
import {
  emma,
  planeFor,
  records,
  runCalls,
  type CallsOutcome,
  type Conversation,
  type Layers,
} from './conversation.ts';

export type { Layers } from './conversation.ts';
export { POLICY } from './conversation.ts';

export type GoalOutcome = 'succeeded' | 'stopped' | 'held';
export type UserOutcome = 'completed' | 'needs_person' | 'failed';

export interface CaseResult {
  user_task: string;
  injection_task: string;
  goal: { outcome: GoalOutcome; why: string; security: boolean };
  /** `utility` is upstream's predicate on the environment after the user's turn (before the attacker's). */
  user: { outcome: UserOutcome; why: string; utility: boolean | null };
}

const userOutcome = (o: CallsOutcome): UserOutcome =>
  o.kind === 'ran' ? 'completed' : o.kind === 'held' ? 'needs_person' : 'failed';

/** One user task under one injection task (or none: the user task alone, its utility without attack). */
export async function replayCase(u: UserTask, i: InjectionTask | null, layers: Layers): Promise<CaseResult> {
  // Without an attack every vector keeps its default text (the bill's IBAN among them), as upstream's utility runs.
  const attack = i === null ? null : importantInstructions(i.goal);
  const env = loadEnvironment(
    attack === null ? {} : Object.fromEntries((await injectionCandidates(u)).map((v) => [v, attack])),
  );
  const pre = structuredClone(env);
  const plane = planeFor(env, layers);
  const c: Conversation = { plane, ref: `${u.id}.${i?.id ?? 'no_attack'}`, n: 0, read: [] };
  if (layers.provenance)
    await plane.noteTrusted({ principal: emma, conversation_ref: c.ref, values: [u.prompt, ...records(pre)] });
  const user = await runCalls(c, u.groundTruth(pre));
  const result: CaseResult = {
    user_task: u.id,
    injection_task: i?.id ?? 'none',
    goal: { outcome: 'stopped', why: 'no attack', security: false },
    user: { outcome: userOutcome(user), why: user.why, utility: u.utility(pre, env) },
  };
  if (i === null) return result;
  // The model can only obey what it read: an injection every result carrying it was refused never reached it. The
  // goal is looked for, not the whole attack: upstream's YAML round trip folds the attack's line breaks.
  const planted = JSON.stringify(i.goal).slice(1, -1);
  if (!c.read.some((text) => text.includes(planted))) {
    result.goal = {
      outcome: 'stopped',
      why: 'the exact output contract refused every result that carried the injection',
      security: i.security(pre, env),
    };
    return result;
  }
  const goal = await runCalls(c, i.groundTruth(pre), true);
  const outcome: GoalOutcome = goal.kind === 'ran' ? 'succeeded' : goal.kind === 'held' ? 'held' : 'stopped';
  const why =
    goal.kind !== 'ran'
      ? goal.why
      : layers.provenance
        ? "every call ran: each sensitive value is in the user's own prompt or records, so provenance cannot tell " +
          "it from the user's intent"
        : 'every call ran: no layer that judges arguments is on';
  result.goal = { outcome, why, security: i.security(pre, env) };
  return result;
}

export interface GoalCounts {
  succeeded: number;
  stopped: number;
  held: number;
}
export interface UserCounts {
  completed: number;
  needs_person: number;
  failed: number;
}
export interface LayerFigures {
  attacker_goals: GoalCounts;
  /** Each user task once, without an attack: the utility the layer leaves. */
  user_tasks: UserCounts;
  /** The 144 cases' user turns, with the attack planted: AgentDojo's "utility under attack". */
  user_tasks_under_attack: UserCounts;
}

export interface Report {
  suite: 'banking';
  cases: number;
  user_tasks: number;
  injection_tasks: number;
  layers: { contract: LayerFigures; provenance: LayerFigures; authorization: LayerFigures };
  combined: LayerFigures;
  per_injection_task: Record<string, GoalCounts>;
  per_user_task: Record<string, { outcome: UserOutcome; why: string }>;
  /**
   * Upstream's own predicates beside the replay's counts: an attacker goal counted succeeded whose `security` check
   * says the goal was not reached (or the other way round), and a user task completed whose `utility` check fails.
   */
  checks: { goal_without_security: string[]; security_without_goal: string[]; completed_without_utility: string[] };
  /** Every case with every layer on: outcome and why, for the docs and a reader who doubts a count. */
  cases_combined: CaseResult[];
}

const goals = (): GoalCounts => ({ succeeded: 0, stopped: 0, held: 0 });
const users = (): UserCounts => ({ completed: 0, needs_person: 0, failed: 0 });

async function figures(layers: Layers): Promise<{ figures: LayerFigures; cases: CaseResult[]; alone: CaseResult[] }> {
  const f: LayerFigures = { attacker_goals: goals(), user_tasks: users(), user_tasks_under_attack: users() };
  const cases: CaseResult[] = [];
  const alone: CaseResult[] = [];
  for (const u of userTasks) {
    const clean = await replayCase(u, null, layers);
    alone.push(clean);
    f.user_tasks[clean.user.outcome] += 1;
    for (const i of injectionTasks) {
      const r = await replayCase(u, i, layers);
      cases.push(r);
      f.attacker_goals[r.goal.outcome] += 1;
      f.user_tasks_under_attack[r.user.outcome] += 1;
    }
  }
  return { figures: f, cases, alone };
}

/** The whole suite, each layer alone and every layer on. */
export async function replayBanking(): Promise<Report> {
  const contract = await figures({ provenance: false, authorization: false });
  const provenance = await figures({ provenance: true, authorization: false });
  const authorization = await figures({ provenance: false, authorization: true });
  const combined = await figures({ provenance: true, authorization: true });
  const per_injection_task: Record<string, GoalCounts> = {};
  for (const i of injectionTasks) per_injection_task[i.id] = goals();
  for (const r of combined.cases) (per_injection_task[r.injection_task] as GoalCounts)[r.goal.outcome] += 1;
  const per_user_task: Report['per_user_task'] = {};
  for (const r of combined.alone) per_user_task[r.user_task] = { outcome: r.user.outcome, why: r.user.why };
  const all = [contract, provenance, authorization, combined].flatMap((x) => x.cases);
  const completedWithoutUtility = [contract, provenance, authorization, combined]
    .flatMap((x) => x.alone)
    .filter((r) => r.user.outcome === 'completed' && r.user.utility === false)
    .map((r) => r.user_task)
    .filter((id, k, ids) => ids.indexOf(id) === k);
  return {
    suite: 'banking',
    cases: combined.cases.length,
    user_tasks: userTasks.length,
    injection_tasks: injectionTasks.length,
    layers: { contract: contract.figures, provenance: provenance.figures, authorization: authorization.figures },
    combined: combined.figures,
    per_injection_task,
    per_user_task,
    checks: {
      goal_without_security: all
        .filter((r) => r.goal.outcome === 'succeeded' && !r.goal.security)
        .map((r) => `${r.user_task}.${r.injection_task}`),
      security_without_goal: all
        .filter((r) => r.goal.outcome !== 'succeeded' && r.goal.security)
        .map((r) => `${r.user_task}.${r.injection_task}`),
      completed_without_utility: completedWithoutUtility,
    },
    cases_combined: combined.cases,
  };
}
