/**
 * The engineer's loop, short (docs/control-plane.md#turns): the official
 * `openai` client streams a turn in, the assembler reads it, the control
 * plane runs its calls over the engineer's own tool (`executeTurn`),
 * `continueTurn` builds the next request, and the same client sends it.
 *
 *   npx tsx docs/examples/openai-client-loop.ts
 *
 * Nothing leaves the machine: the client's baseURL is a stand-in for the
 * provider on 127.0.0.1 that answers the first request with a stream
 * recorded from the live API (src/chapter/recordings/openai/text_before_call.sse,
 * from pydantic-ai's test cassettes, MIT: reasoning, a sentence, then one
 * call to `get_capital`) and keeps every request it is sent.
 * test/control/openaiClientExample.test.ts runs it and reads what was sent.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import OpenAI from 'openai';
import { z } from 'zod';
// In an application these are 'tool-result-contract' and 'tool-result-contract/control'.
import { createDispatcher, createTurnAssembler, defineTool, type AssembledTurn } from '../../src/core/index.ts';
import { createControlPlane, memoryStore, type ToolRuntime } from '../../src/control/index.ts';

// The engineer's tool: its contract, and the trusted code that runs it.
const getCapital = defineTool({
  name: 'get_capital',
  effect: 'read',
  title: 'Look up a capital',
  input: z.strictObject({ country: z.string().min(1).max(100) }),
  output: z.strictObject({ country: z.string(), capital: z.string() }),
  echo: [{ output: 'country', input: 'country' }],
  revisions: {
    input_revision: 'get_capital.input.v1',
    output_revision: 'get_capital.output.v1',
    effect_revision: 'get_capital.effect.read.v1',
    handler_revision: 'atlas-handler-v1',
    producer_revision: 'atlas-v1',
    policy_revision: 'atlas-policy-v1',
  },
  source_label: 'atlas',
});
const CAPITALS = new Map([['PotatoLand', 'Spudville']]);
const getCapitalRuntime: ToolRuntime = {
  async run(args) {
    const { country } = args as { country: string };
    const capital = CAPITALS.get(country);
    if (capital === undefined) return { kind: 'error', error: { code: 'NOT_FOUND' } };
    return {
      kind: 'success',
      data: { country, capital },
      provenance: {
        source_label: 'atlas',
        producer_revision: 'atlas-v1',
        resource_revision: 'atlas-2026-07',
        observed_at: new Date().toISOString(),
      },
    };
  },
};

export const dispatcher = createDispatcher({ tools: [getCapital] });
export const principal = { tenant: 'tenant-atlas', subject: 'user-ada' };

/** What the first request sends as its input: the stateless continuation would replay it; the stateful one needs only the response id. */
const history = [{ role: 'user' as const, content: 'What is the capital of PotatoLand?' }];

/** The parts of the request that stay the same from turn to turn: the continuation's body is spread over them. */
const request = {
  model: 'gpt-5.4',
  instructions: 'Briefly narrate what you are about to do before calling each tool.',
  tools: [
    {
      type: 'function' as const,
      name: getCapital.name,
      description: getCapital.title,
      parameters: z.toJSONSchema(getCapital.input),
      strict: true,
    },
  ],
  stream: true as const,
};

/** One streamed turn, read whole; what the SDK's iterator throws is the turn's failure, not an unterminated stream (docs/turn.md#shapes). */
async function readTurn(stream: AsyncIterable<unknown>): Promise<AssembledTurn> {
  const assembler = createTurnAssembler('openai');
  try {
    for await (const event of stream) assembler.push(event);
  } catch (thrown) {
    assembler.fail(thrown);
  }
  return assembler.turn();
}

export async function clientLoop(client: OpenAI) {
  const plane = createControlPlane({
    dispatcher,
    store: memoryStore(),
    runtimes: { get_capital: getCapitalRuntime },
    authorize: (p) => p.tenant === principal.tenant,
  });

  const first = await readTurn(await client.responses.create({ ...request, input: history }));
  // The stream's call ids are not known before the stream: the plane derives each call's operation id and key.
  const executions = await plane.executeTurn(first, { principal, history });
  const next = dispatcher.continueTurn(
    'openai',
    first,
    executions.map((e) => ({ package: e.pkg, trusted: e.trusted })),
    { mode: 'stateful', history },
  );
  if (!next.ok) throw new Error(`continuation refused: ${next.detail}`);
  if (next.body === null) return { first, executions, next, second: null };

  // next.body is typed for this provider and mode: it spreads into the SDK's own parameters with no cast.
  const second = await readTurn(await client.responses.create({ ...request, ...next.body }));
  return { first, executions, next, second };
}

/** A final answer for the second request: written here, not recorded (the cassette's next interaction is not kept). */
const FINAL_ANSWER = [
  {
    type: 'response.created',
    sequence_number: 0,
    response: { id: 'resp_LOCAL_final', object: 'response', status: 'in_progress', output: [] },
  },
  {
    type: 'response.completed',
    sequence_number: 1,
    response: {
      id: 'resp_LOCAL_final',
      object: 'response',
      status: 'completed',
      output: [
        {
          type: 'message',
          id: 'msg_LOCAL_final',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'The capital of PotatoLand is Spudville.', annotations: [] }],
        },
      ],
    },
  },
]
  .map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`)
  .join('');

const RECORDING = fileURLToPath(
  new URL('../../../../src/chapter/recordings/openai/text_before_call.sse', import.meta.url),
);

/** The stand-in for the provider: the recording for the first request, the final answer for the second, and a record of each. */
export async function replayServer() {
  const recorded = readFileSync(RECORDING, 'utf8');
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      const answer = [recorded, FINAL_ANSWER][requests.length - 1];
      if (answer === undefined) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'the stand-in answers two requests', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main(): Promise<void> {
  const server = await replayServer();
  try {
    const client = new OpenAI({ apiKey: 'sk-local-stand-in', baseURL: server.baseURL, maxRetries: 0 });
    const { first, executions, second } = await clientLoop(client);
    for (const [i, e] of executions.entries()) {
      const call = first.calls[i];
      console.log(`${call?.name}(${call?.arguments_text}) -> ${e.pkg.model_result.status}, delivered ${e.delivery}`);
    }
    console.log('sent back:', JSON.stringify(server.requests[1]?.body.input));
    console.log('the model answered:', second?.terminal?.kind);
  } finally {
    await server.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
