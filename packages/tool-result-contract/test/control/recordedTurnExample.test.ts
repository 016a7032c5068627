/**
 * docs/examples/recorded-turn-dispatcher.ts, as a module and as the docs run
 * it: the recorded Anthropic turn goes through the plane, and the next body
 * holds the call's model_result paired with its tool_use, after the history
 * and the assistant's own blocks, and nothing of the audit.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRecording } from '../../../../src/chapter/recordings/index.ts';
import { dispatcher, principal, recordedTurn } from '../../docs/examples/recorded-turn-dispatcher.ts';
import { projectRoot, repositoryRoot } from '../support/vectors.ts';

const recording = findRecording('anthropic.rec_official_sdk_tool_use') as NonNullable<ReturnType<typeof findRecording>>;

describe('the recorded-turn dispatcher example', () => {
  it('assembles the recording and runs its one call through the plane', async () => {
    const { turn, executions } = await recordedTurn();
    expect(turn.problems).toEqual([]);
    expect(turn.response_id).toBe(recording.expect.response_id);
    expect(turn.calls.map((c) => [c.call_id, c.name, c.arguments])).toEqual(
      recording.expect.calls.map((c) => [c.call_id, c.name, c.arguments]),
    );
    expect(executions.map((e) => [e.trusted.call.call_id, e.pkg.model_result.status, e.delivery, e.audit_seq])).toEqual(
      [['toolu_01NRLabsLyVHZPKxbKvkfSMn', 'succeeded', 'fresh', 1]],
    );
    for (const e of executions) expect(dispatcher.validateResult(e.pkg, e.trusted).ok).toBe(true);
  });

  it('builds the next body: history, the assistant’s blocks, then the tool_result with model_result only', async () => {
    const { next, executions } = await recordedTurn();
    const [ex] = executions;
    if (!next.ok || next.body === null || ex === undefined) throw new Error('no continuation');
    const [user, assistant, results] = next.body.messages as {
      role: string;
      content: { type: string; id?: string; tool_use_id?: string; content?: { text: string }[] }[] | string;
    }[];
    expect(user).toEqual({ role: 'user', content: 'What is the weather in Paris?' });
    expect(assistant?.role).toBe('assistant');
    expect((assistant?.content as { type: string }[]).map((b) => b.type)).toEqual(['text', 'tool_use']);
    expect(results?.role).toBe('user');
    const [block] = results?.content as { type: string; tool_use_id: string; content: { text: string }[] }[];
    expect(block).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_01NRLabsLyVHZPKxbKvkfSMn' });
    expect(JSON.parse(block?.content[0]?.text ?? 'null')).toEqual(ex.pkg.model_result);

    const text = JSON.stringify(next.body);
    const b = ex.pkg.protected_audit.binding;
    for (const value of [
      b.request_sha256,
      b.result_sha256,
      b.call_binding_sha256,
      ex.trusted.call.operation_id,
      ex.trusted.call.idempotency_key,
      principal.tenant,
      principal.subject,
    ])
      expect(text).not.toContain(value);
  });

  it('leaves a log that verifies and reconciles with the body it built', async () => {
    const { chain, sent } = await recordedTurn();
    expect(chain).toEqual({ ok: true, checked: 1, broken: null });
    expect(sent).toEqual({ ok: true, findings: [] });
  });

  it('runs as the docs say, with tsx', () => {
    const out = execFileSync(
      join(repositoryRoot, 'node_modules', '.bin', 'tsx'),
      [join(projectRoot, 'docs', 'examples', 'recorded-turn-dispatcher.ts')],
      { cwd: projectRoot, encoding: 'utf8', timeout: 60_000 },
    );
    expect(out).toContain('get_weather({"location": "Paris"}) -> succeeded, delivered fresh, audit seq 1');
    expect(out).toContain('"tool_use_id":"toolu_01NRLabsLyVHZPKxbKvkfSMn"');
    expect(out).toContain('audit: chain ok true (1 entries), transcript ok true');
  }, 60_000);
});
