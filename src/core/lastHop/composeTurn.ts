/**
 * One turn can carry several results (docs/contract.md#several-results-in-one-turn). They are paired with the
 * provider's calls by call id, never by array position: results arrive in
 * any order, and a position match would hand one call's result to another.
 */
import type { PairingCode } from '../messages/turnParams.ts';
import {
  findAdapter,
  type AnthropicToolResult,
  type GeminiFunctionResult,
  type OpenAIFunctionCallOutput,
  type ProviderName,
} from '../tables/providerAdapters.ts';
import type { Package } from '../result/protectedAudit.ts';
import type { ToolRegistry } from '../tables/registry.ts';
import { toProviderItem } from './toProviderItem.ts';
import type { TrustedContext } from '../result/trustedContext.ts';

/** The provider's own call items, as its API returned them. */
export interface OpenAIFunctionCall {
  type: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
  id?: string;
}
export interface AnthropicToolUse {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}
export interface GeminiFunctionCall {
  type: 'function_call';
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}
export type ProviderCall = OpenAIFunctionCall | AnthropicToolUse | GeminiFunctionCall;

export interface PackagedResult {
  package: Package;
  trusted: TrustedContext;
}

export interface TurnOptions {
  /** Anthropic: a text block after every tool_result. */
  text?: string;
  /** OpenAI: continue a stored response; without it the turn is stateless and echoes each function_call. */
  previous_response_id?: string;
  /** Gemini: continue a stored interaction. */
  previous_interaction_id?: string;
  /** The registry each package is validated against; a dispatcher (createDispatcher) passes its own. */
  tools: ToolRegistry;
}

export interface OpenAITurn {
  previous_response_id?: string;
  input: (OpenAIFunctionCall | OpenAIFunctionCallOutput)[];
}
export interface AnthropicTurn {
  role: 'user';
  content: (AnthropicToolResult | { type: 'text'; text: string })[];
}
export interface GeminiTurn {
  previous_interaction_id?: string;
  input: GeminiFunctionResult[];
}

/** The pairing problems, named once where their words are (messages/turnParams.ts). */
export type TurnProblemCode = PairingCode;

export class TurnRefusedError extends Error {
  override readonly name = 'TurnRefusedError';
  constructor(readonly problems: { code: TurnProblemCode; call_id: string; detail: string }[]) {
    super(`turn refused: ${problems.map((p) => `${p.code} ${p.call_id}`).join(', ')}`);
  }
}

/**
 * @deprecated Renamed TurnRefusedError; this alias goes in the next major release.
 * @alias knip: a deprecated name, the same value as its new one on purpose.
 */
export const TurnRefused = TurnRefusedError;
/**
 * @deprecated Renamed TurnRefusedError; this alias goes in the next major release.
 * @alias knip: a deprecated name, the same value as its new one on purpose.
 */
export type TurnRefused = TurnRefusedError;

function callId(provider: ProviderName, call: ProviderCall): unknown {
  return provider === 'openai'
    ? (call as OpenAIFunctionCall).call_id
    : (call as AnthropicToolUse | GeminiFunctionCall).id;
}

export function composeTurn(
  provider: 'openai',
  calls: ProviderCall[],
  results: PackagedResult[],
  opts: TurnOptions,
): OpenAITurn;
export function composeTurn(
  provider: 'anthropic',
  calls: ProviderCall[],
  results: PackagedResult[],
  opts: TurnOptions,
): AnthropicTurn;
export function composeTurn(
  provider: 'gemini',
  calls: ProviderCall[],
  results: PackagedResult[],
  opts: TurnOptions,
): GeminiTurn;
export function composeTurn(
  provider: ProviderName,
  calls: ProviderCall[],
  results: PackagedResult[],
  opts: TurnOptions,
): OpenAITurn | AnthropicTurn | GeminiTurn;
export function composeTurn(
  provider: ProviderName,
  calls: ProviderCall[],
  results: PackagedResult[],
  opts: TurnOptions,
): OpenAITurn | AnthropicTurn | GeminiTurn {
  const problems: TurnRefusedError['problems'] = [];
  const expected = findAdapter(provider);
  const byCall = new Map<string, ProviderCall>();
  for (const call of calls) {
    const id = callId(provider, call);
    if (typeof id !== 'string' || id === '') {
      problems.push({ code: 'MALFORMED_CALL', call_id: String(id), detail: `a ${provider} call without a call id` });
      continue;
    }
    if (byCall.has(id))
      problems.push({
        code: 'DUPLICATE_CALL_ID',
        call_id: id,
        detail: 'two calls share one id: no result could be paired safely',
      });
    byCall.set(id, call);
  }
  const byResult = new Map<string, PackagedResult>();
  for (const r of results) {
    const id = r.trusted.call.call_id;
    if (byResult.has(id)) problems.push({ code: 'DUPLICATE_RESULT', call_id: id, detail: 'two results for one call' });
    else byResult.set(id, r);
    const call = byCall.get(id);
    if (call === undefined)
      problems.push({ code: 'UNKNOWN_CALL_ID', call_id: id, detail: 'a result for a call this turn did not make' });
    else if (call.name !== r.trusted.tool)
      problems.push({
        code: 'TOOL_MISMATCH',
        call_id: id,
        detail: `the call named ${call.name}, the result is for ${r.trusted.tool}`,
      });
    if (r.trusted.call.provider !== expected.provider || r.trusted.call.api_family !== expected.api_family) {
      problems.push({
        code: 'PROVIDER_MISMATCH',
        call_id: id,
        detail: `a result bound to ${r.trusted.call.provider}/${r.trusted.call.api_family}`,
      });
    }
  }
  for (const id of byCall.keys()) {
    if (!byResult.has(id))
      problems.push({
        code: 'MISSING_RESULT',
        call_id: id,
        detail: 'every call needs its result before the turn can continue',
      });
  }
  if (problems.length > 0) throw new TurnRefusedError(problems);

  // In the order of the provider's calls; each item validated by its adapter first.
  const ordered = [...byCall.entries()].map(([id, call]) => ({ call, result: byResult.get(id) as PackagedResult }));
  const items = ordered.map(({ result }) => toProviderItem(result.package, result.trusted, opts.tools));
  switch (provider) {
    case 'openai': {
      const stateful = opts.previous_response_id !== undefined;
      const input = stateful
        ? (items as OpenAIFunctionCallOutput[])
        : ordered.flatMap(({ call }, i) => [call as OpenAIFunctionCall, items[i] as OpenAIFunctionCallOutput]);
      return stateful ? { previous_response_id: opts.previous_response_id as string, input } : { input };
    }
    case 'anthropic': {
      // Every tool_result first, in tool_use order, then any text: the API rejects text before them.
      const content: AnthropicTurn['content'] = [...(items as AnthropicToolResult[])];
      if (opts.text !== undefined && opts.text !== '') content.push({ type: 'text', text: opts.text });
      return { role: 'user', content };
    }
    case 'gemini': {
      const input = items as GeminiFunctionResult[];
      return opts.previous_interaction_id !== undefined
        ? { previous_interaction_id: opts.previous_interaction_id, input }
        : { input };
    }
  }
}
