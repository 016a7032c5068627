/**
 * A dispatcher over one recorded turn, end to end, with no SDK and no network
 * (docs/control-plane.md#turns): the provider's stream as it arrived, the
 * assembler, the input gate and the control plane (`executeTurn`), then
 * `continueTurn` and the next request's body; last, the two checks an
 * operator runs over the audit log (docs/audit-log.md).
 *
 *   npx tsx docs/examples/recorded-turn-dispatcher.ts
 *
 * The stream is Anthropic's, recorded from the live API by the official
 * Python SDK's tests (src/chapter/recordings/anthropic/official_sdk_tool_use.sse,
 * MIT): a sentence, then one call to `get_weather` for Paris.
 * test/control/recordedTurnExample.test.ts runs it and reads its output.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
// In an application these are 'tool-result-contract' and 'tool-result-contract/control'.
import { assembleTurn, createDispatcher, defineTool } from '../../src/core/index.ts';
import {
  createControlPlane,
  memoryStore,
  reconcileTranscript,
  verifyAuditChain,
  type ToolRuntime,
} from '../../src/control/index.ts';

// The engineer's tool: the contract the model's arguments and the handler's answer are held to.
const getWeather = defineTool({
  name: 'get_weather',
  effect: 'read',
  title: 'Current weather',
  input: z.strictObject({ location: z.string().min(1).max(100) }),
  output: z.strictObject({ location: z.string(), temperature_c: z.number(), sky: z.enum(['clear', 'cloudy', 'rain']) }),
  echo: [{ output: 'location', input: 'location' }],
  revisions: {
    input_revision: 'get_weather.input.v1',
    output_revision: 'get_weather.output.v1',
    effect_revision: 'get_weather.effect.read.v1',
    handler_revision: 'weather-handler-v1',
    producer_revision: 'weather-v1',
    policy_revision: 'weather-policy-v1',
  },
  source_label: 'weather',
});

// The trusted code that answers it: a handler output, which the plane projects; never a model_result of its own.
const getWeatherRuntime: ToolRuntime = {
  async run(args) {
    const { location } = args as { location: string };
    return {
      kind: 'success',
      data: { location, temperature_c: 18, sky: 'cloudy' },
      provenance: {
        source_label: 'weather',
        producer_revision: 'weather-v1',
        resource_revision: 'observations-2026-07-19T00',
        observed_at: new Date().toISOString(),
      },
    };
  },
};

export const dispatcher = createDispatcher({ tools: [getWeather] });
export const principal = { tenant: 'tenant-meteo', subject: 'user-ada' };
/** The conversation so far: Anthropic keeps no state, so the next request carries it again. */
const history = [{ role: 'user' as const, content: 'What is the weather in Paris?' }];

const RECORDING = new URL('../../../../src/chapter/recordings/anthropic/official_sdk_tool_use.sse', import.meta.url);

export async function recordedTurn() {
  const plane = createControlPlane({
    dispatcher,
    store: memoryStore(),
    runtimes: { get_weather: getWeatherRuntime },
    authorize: (p) => p.tenant === principal.tenant,
  });

  // 1. The stream, assembled. A turn with problems (cut off, out of order, arguments that disagree) runs nothing.
  const turn = assembleTurn('anthropic', readFileSync(RECORDING, 'utf8'));
  if (turn.problems.length > 0) throw new Error(`turn refused: ${turn.problems[0]?.detail}`);

  // 2. The input gate, then the plane, for every call: an unknown tool or bad arguments are answered without a run;
  //    the rest run at most once for their idempotency key, which the plane derives from the call.
  const executions = await plane.executeTurn(turn, { principal, history });

  // 3. The next request: each result paired with its call by id, model_result only (the audit stays here).
  const next = dispatcher.continueTurn(
    'anthropic',
    turn,
    executions.map((e) => ({ package: e.pkg, trusted: e.trusted })),
    { mode: 'stateless', history },
  );
  if (!next.ok) throw new Error(`continuation refused: ${next.detail}`);

  // 4. What an operator checks later: the log links, and what was sent is what the log recorded.
  const entries = await plane.auditEntries();
  const chain = verifyAuditChain(entries);
  const sent = reconcileTranscript({ requests: next.body === null ? [] : [next.body], entries });
  return { turn, executions, next, chain, sent };
}

async function main(): Promise<void> {
  const { turn, executions, next, chain, sent } = await recordedTurn();
  for (const [i, e] of executions.entries()) {
    const call = turn.calls[i];
    console.log(
      `${call?.name}(${call?.arguments_text}) -> ${e.pkg.model_result.status}, delivered ${e.delivery}, audit seq ${e.audit_seq}`,
    );
  }
  console.log('next request, last message:', JSON.stringify(next.body?.messages.at(-1)));
  console.log(`audit: chain ok ${chain.ok} (${chain.checked} entries), transcript ok ${sent.ok}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
