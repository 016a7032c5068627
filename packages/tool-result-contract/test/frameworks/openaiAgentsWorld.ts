/**
 * What the Agents SDK adapter's tests share, beside the billing plane of aiSdkWorld.ts: the SDK's own scripted
 * model (`ScriptedModel`, @openai/agents-core/testing), which answers each request with the next scripted output and
 * keeps every request it was sent — what the Runner sent the model, with no network — and the SDK's own `Runner`
 * running an `Agent` holding the tools, tracing off.
 */
import {
  Agent,
  RunContext,
  Runner,
  type AgentInputItem,
  type Model,
  type ModelRequest,
  type ToolNotFoundBehavior,
} from '@openai/agents-core';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents-core/testing';
import type { AgentsTool } from '../../src/frameworks/openaiAgents.ts';

export const refundArgs = (reason = 'damaged on arrival') => ({ invoice_ref: 'INV-42', amount_cents: 500, reason });

/** A model step calling tools: [call id, tool name, arguments as the model's JSON text (an object is stringified)]. */
export const callsStep = (...calls: [string, string, string | Record<string, unknown>][]) =>
  calls.map(([callId, name, args]) => functionCall(name, args, { callId, id: `fc_${callId}` }));

export const textStep = (text = 'Done.') => [assistantMessage(text)];

/** The scripted model answering `steps` in order; `requests()` is every request the Runner sent it. */
export function scriptedModel(...steps: ReturnType<typeof textStep | typeof callsStep>[]) {
  const model = new ScriptedModel(steps);
  return { model, requests: (): ModelRequest[] => model.calls.map((c) => c.request) };
}

type RunOptions = { signal?: AbortSignal; toolNotFoundBehavior?: ToolNotFoundBehavior };

/** An agent holding the tools, run by the SDK's own Runner: the whole loop, the model's calls run by the SDK. */
export function agentRun(model: Model, tools: AgentsTool[]) {
  const agent = new Agent({ name: 'Billing', instructions: 'Help with invoices.', model, tools });
  const runner = new Runner({ tracingDisabled: true });
  return {
    agent,
    run: (input: string | AgentInputItem[], options: RunOptions = {}) =>
      runner.run(agent, input, { maxTurns: 5, ...options }),
  };
}

/**
 * One tool invoked as the Runner invokes it (runApprovedFunctionTool, @openai/agents-core/dist/runner/
 * toolExecution.mjs): the model's argument text, and details holding the function call and the run's signal.
 */
export function invokeAs(tool: AgentsTool | undefined, callId: string, args: string, signal?: AbortSignal) {
  if (tool === undefined) throw new Error('no such tool');
  const toolCall = functionCall(tool.name, args, { callId });
  return tool.invoke(new RunContext(), args, { toolCall, ...(signal === undefined ? {} : { signal }) });
}

/** The function call outputs of one request, by call id: what the model read of each, as the Runner sent it. */
export function outputsOf(request: ModelRequest | undefined): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const input = typeof request?.input === 'string' ? [] : (request?.input ?? []);
  for (const item of input) if (item.type === 'function_call_result') out.set(item.callId, item.output);
  return out;
}

/** The text of one call's output in a request, or null when it is not a text output. */
export function outputText(request: ModelRequest | undefined, callId: string): string | null {
  const o = outputsOf(request).get(callId) as { type?: string; text?: unknown } | undefined;
  return o?.type === 'text' && typeof o.text === 'string' ? o.text : null;
}
