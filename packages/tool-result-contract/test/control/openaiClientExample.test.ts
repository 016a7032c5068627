/**
 * docs/examples/openai-client-loop.ts, run as the docs show it and as a
 * module: the official client's two requests, as the stand-in on 127.0.0.1
 * received them. The second must carry the results only (model_result,
 * paired with its call by call id) and nothing of any protected_audit.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { findRecording } from '../../../../src/chapter/recordings/index.ts';
import { clientLoop, principal, replayServer } from '../../docs/examples/openai-client-loop.ts';
import { projectRoot, repositoryRoot } from '../support/vectors.ts';

const recording = findRecording('openai.rec_text_before_call') as NonNullable<ReturnType<typeof findRecording>>;
let server: Awaited<ReturnType<typeof replayServer>> | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function run() {
  server = await replayServer();
  const client = new OpenAI({ apiKey: 'sk-local-stand-in', baseURL: server.baseURL, maxRetries: 0 });
  return { ...(await clientLoop(client)), requests: server.requests };
}

describe('the engineer’s loop through the official openai client', () => {
  it('streams the recorded turn in and runs its one call through the control plane', async () => {
    const { first, executions, requests } = await run();
    expect(requests[0]?.path).toBe('/v1/responses');
    expect(requests[0]?.body).toMatchObject({ stream: true, input: [{ role: 'user' }] });
    expect(first.problems).toEqual([]);
    expect(first.response_id).toBe(recording.expect.response_id);
    expect(first.calls.map((c) => [c.call_id, c.name, c.arguments])).toEqual(
      recording.expect.calls.map((c) => [c.call_id, c.name, c.arguments]),
    );
    expect(executions.map((e) => [e.trusted.call.call_id, e.pkg.model_result.status, e.delivery])).toEqual([
      ['call_LabG58Uhrq9kZvR52BYKjToD', 'succeeded', 'fresh'],
    ]);
  });

  it('sends the continuation back through the same client: model_result only, paired with its call', async () => {
    const { executions, requests } = await run();
    expect(requests).toHaveLength(2);
    const sent = requests[1]?.body as { previous_response_id?: unknown; input?: unknown; stream?: unknown };
    expect(requests[1]?.path).toBe('/v1/responses');
    expect(sent.previous_response_id).toBe(recording.expect.response_id);
    expect(sent.stream).toBe(true);
    const [ex] = executions;
    if (ex === undefined) throw new Error('no execution');
    expect(sent.input).toEqual([
      { type: 'function_call_output', call_id: 'call_LabG58Uhrq9kZvR52BYKjToD', output: expect.any(String) },
    ]);
    const output = (sent.input as { output: string }[])[0]?.output as string;
    expect(JSON.parse(output)).toEqual(ex.pkg.model_result);
    expect(JSON.parse(output)).toMatchObject({
      status: 'succeeded',
      data: { country: 'PotatoLand', capital: 'Spudville' },
    });

    // Nothing the audit keeps reaches the model: not the bindings, the key, the operation id or the principal.
    const text = JSON.stringify(sent);
    const audit = ex.pkg.protected_audit;
    for (const value of [
      audit.binding.request_sha256,
      audit.binding.result_sha256,
      audit.binding.call_binding_sha256,
      ex.trusted.call.idempotency_key,
      ex.trusted.call.operation_id,
      principal.tenant,
      principal.subject,
    ])
      expect(text).not.toContain(value);
    expect(text).not.toContain('protected_audit');
  });

  it('reads the answer to the continuation as the model’s final answer: nothing more to send', async () => {
    const { second } = await run();
    expect(second?.problems).toEqual([]);
    expect(second?.terminal?.kind).toBe('final_answer');
  });

  it('runs as the docs say, with tsx', () => {
    const out = execFileSync(
      join(repositoryRoot, 'node_modules', '.bin', 'tsx'),
      [join(projectRoot, 'docs', 'examples', 'openai-client-loop.ts')],
      { cwd: projectRoot, encoding: 'utf8', timeout: 60_000 },
    );
    expect(out).toContain('get_capital({"country":"PotatoLand"}) -> succeeded, delivered fresh');
    expect(out).toContain('the model answered: final_answer');
  }, 60_000);
});
