/**
 * What the AI SDK adapter's tests share: the billing plane (test/control/billing.ts) with its ledger, and the AI
 * SDK's own test model scripted step by step, keeping every prompt it was sent — what the framework sent the model.
 */
import { MockLanguageModelV3 } from 'ai/test';
import {
  createControlPlane,
  memoryStore,
  systemClock,
  virtualClock,
  type Execution,
  type ToolRuntime,
} from '../../src/control/index.ts';
import { auditValuesOf } from '../../src/core/result/index.ts';
import { billingWorld, dispatcher } from '../control/billing.ts';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type Prompt = MockLanguageModelV3['doGenerateCalls'][number]['prompt'];

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A step in which the model calls tools: [call id, tool name, arguments as the model's JSON text]. */
export function callsStep(...calls: [string, string, string][]): GenerateResult {
  return {
    content: calls.map(([toolCallId, toolName, input]) => ({
      type: 'tool-call' as const,
      toolCallId,
      toolName,
      input,
    })),
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

export function textStep(text = 'Done.'): GenerateResult {
  return { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
}

/** The SDK's test model answering `steps` in order; `prompts()` is every prompt it received. */
export function scriptedModel(...steps: GenerateResult[]) {
  const model = new MockLanguageModelV3({ doGenerate: steps });
  return { model, prompts: (): Prompt[] => model.doGenerateCalls.map((c) => c.prompt) };
}

/** The tool results of one prompt, by call id: what the model read of each. */
export function toolResultsOf(prompt: Prompt | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const m of prompt ?? [])
    if (m.role === 'tool') for (const p of m.content) if (p.type === 'tool-result') out.set(p.toolCallId, p.output);
  return out;
}

export function billingPlane(overrides: Partial<Record<'get_invoice' | 'issue_refund', Partial<ToolRuntime>>> = {}) {
  const world = billingWorld();
  const runtimes = {
    get_invoice: { ...world.runtimes.get_invoice, ...overrides.get_invoice },
    issue_refund: { ...world.runtimes.issue_refund, ...overrides.issue_refund },
  } as Record<string, ToolRuntime>;
  const plane = createControlPlane({
    dispatcher,
    store: memoryStore(),
    runtimes,
    authorize: () => true,
    clock: virtualClock(),
  });
  const executions = new Map<string, Execution[]>();
  const onExecution = (e: Execution, toolCallId: string) => {
    executions.set(toolCallId, [...(executions.get(toolCallId) ?? []), e]);
  };
  return { world, plane, executions, onExecution };
}

/** Every audit value of every execution (keys, principal reference, operation id, digests, receipts). */
export function auditValues(executions: Map<string, Execution[]>): string[] {
  return [...executions.values()].flat().flatMap((e) => auditValuesOf(e.pkg, e.trusted));
}

/**
 * A Responses API body as OpenAI answers one, for a provider package's model behind a replaced fetch (@ai-sdk/openai,
 * @langchain/openai, @openai/agents-openai): these function calls, or a closing message when there are none. `seq`
 * names the response (and its message).
 */
export function responsesBody(calls: { name: string; call_id: string; arguments: string }[], seq = calls.length) {
  const output =
    calls.length > 0
      ? calls.map((c, i) => ({ type: 'function_call', id: `fc_${i}_${c.call_id}`, status: 'completed', ...c }))
      : [
          {
            type: 'message',
            id: `msg_${seq}`,
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: 'Done.', annotations: [] }],
          },
        ];
  return {
    id: `resp_${seq}`,
    object: 'response',
    created_at: 1_780_000_000,
    status: 'completed',
    model: 'gpt-5',
    output,
    incomplete_details: null,
    usage: {
      input_tokens: 1,
      output_tokens: 1,
      total_tokens: 2,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
  };
}

/**
 * The billing plane on the system clock, its get_invoice waiting and answering only once its signal aborts: what a
 * framework's abort must reach. `codes` are the plane's answers in order; `first` resolves with the first execution.
 */
export function abortableReadPlane() {
  const world = billingWorld();
  let handlerSignal: AbortSignal | null = null;
  const plane = createControlPlane({
    dispatcher,
    store: memoryStore(),
    authorize: () => true,
    clock: systemClock,
    runtimes: {
      ...world.runtimes,
      get_invoice: {
        run: (_args, ctx) =>
          new Promise((resolve) => {
            handlerSignal = ctx.signal;
            ctx.signal.addEventListener('abort', () => resolve({ kind: 'error', error: { code: 'TOOL_ERROR' } }));
          }),
      },
    },
  });
  const codes: (string | null)[] = [];
  let recorded: (e: Execution) => void = () => {};
  const first = new Promise<Execution>((resolve) => (recorded = resolve));
  const onExecution = (e: Execution) => {
    codes.push(e.pkg.model_result.error?.code ?? null);
    recorded(e);
  };
  return { plane, codes, first, onExecution, handlerAborted: () => handlerSignal?.aborted === true };
}
