/**
 * The turn mode's continuation view (docs/turn-contract.md#the-continuation): for a turn that
 * runs, the packages the core made (dispatchTurn), the next request's body
 * (continueTurn), each result paired with the call it answers by call id,
 * and the proof line: every audit value searched for in the serialized body,
 * and the ones found (none). For Anthropic, why the tool results come first.
 *
 * @example
 * const v = viewContinuation('openai', fixture.stream, fixture.turn_context, fixture.handlers, 'stateless');
 * v.ok && v.proof.found // []
 */
import { assembleTurn, type TurnEvents } from '#lib/core/turn/index.ts';
import { canonicalize } from '#lib/core/json/index.ts';
import { continueTurn, type ContinuationBody, type ContinuationMode } from '#lib/core/turn/index.ts';
import { dispatchTurn } from '#lib/core/turn/index.ts';
import { boundResponseId, type GateVerdict } from '#lib/core/turn/index.ts';
import { inputFault } from './inputFault.ts';
import type { JsonValue } from '#lib/core/json/index.ts';
import type { Package } from '#lib/core/result/index.ts';
import type { ProviderName } from '#lib/core/tables/index.ts';
import type { TrustedContext } from '#lib/core/result/index.ts';
import type { AssembledTurn } from '#lib/core/turn/index.ts';
import type { TurnContext } from '#lib/core/turn/index.ts';
import { describeTurnText, type RefusalParams, type TurnWordsParams } from '#lib/core/turn/index.ts';
import { chapterTools } from '../../chapter/index.ts';

export interface ViewedPackage {
  position: number;
  call_id: string;
  name: string;
  gate: GateVerdict;
  package: Package;
  trusted: TrustedContext;
}

/** "This result answers that call", as JSON Pointers into the body (RFC 6901). */
export interface ResultPair {
  call_id: string;
  /** Position of the call in the turn. */
  position: number;
  /** Where the call is replayed in the body; null in a stateful body, which does not replay the turn. */
  call_pointer: string | null;
  result_pointer: string;
}

export interface AuditProof {
  /** Every audit value of every package (and the dispatcher's principal and key), searched for in the body. */
  searched: string[];
  /** The ones found in the serialized body: must be empty. */
  found: string[];
  /** What was not searched, and why (the response id: the provider made it, and the stateful body must name it). */
  not_searched: { value: string; why: 'response_id' }[];
}

export type ContinuationView =
  | {
      ok: true;
      provider: ProviderName;
      mode: ContinuationMode;
      packages: ViewedPackage[];
      body: ContinuationBody;
      /** The body as sent (RFC 8785), which the proof searched. */
      body_text: string;
      pairs: ResultPair[];
      proof: AuditProof;
      /** Anthropic only: the tool results come first in the user message (the mode's words say why). */
      results_first: boolean;
    }
  /** The caller's input does not fit the turn (docs/turn-contract.md#the-input-gate): `detail` is the core's English for `params`. */
  | { ok: false; stage: 'bad_input'; call_id: string | null; detail: string; params: TurnWordsParams }
  /** The model's final answer: nothing to continue, and nothing refused (the page says so in its own words). */
  | { ok: false; stage: 'final_answer'; call_id: null }
  /**
   * The turn's own problem codes, so that the page says them in the learner's language; `detail` is the
   * core's English locale for `params`, never a sentence built here.
   */
  | {
      ok: false;
      stage: 'problems';
      call_id: null;
      detail: string;
      codes: readonly string[];
      params: Extract<RefusalParams, { kind: 'turn_problems' }>;
    }
  | { ok: false; stage: 'refused'; call_id: null; detail: string; params: RefusalParams };

const pointer = (...parts: (string | number)[]): string =>
  parts.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
const obj = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Finds, after the history, the item that replays each call and the item that answers it, by id. */
function pairResults(
  provider: ProviderName,
  turn: AssembledTurn,
  body: ContinuationBody,
  historyLength: number,
  mode: ContinuationMode,
): ResultPair[] {
  const list = (v: JsonValue | undefined): JsonValue[] => (Array.isArray(v) ? v : []);
  return turn.calls.map((c, position): ResultPair => {
    let call_pointer: string | null;
    let result_pointer: string;
    if (provider === 'anthropic') {
      const messages = list(body.messages);
      const assistant = list(obj(messages[historyLength]).content as JsonValue);
      const user = list(obj(messages[historyLength + 1]).content as JsonValue);
      const ci = assistant.findIndex((b) => obj(b).type === 'tool_use' && obj(b).id === c.call_id);
      const ri = user.findIndex((b) => obj(b).type === 'tool_result' && obj(b).tool_use_id === c.call_id);
      call_pointer = ci === -1 ? null : pointer('messages', historyLength, 'content', ci);
      result_pointer = ri === -1 ? '' : pointer('messages', historyLength + 1, 'content', ri);
    } else {
      const input = list(body.input);
      const from = mode === 'stateless' ? historyLength : 0;
      const callKey = provider === 'openai' ? 'call_id' : 'id';
      const resultType = provider === 'openai' ? 'function_call_output' : 'function_result';
      const ci = input.findIndex(
        (x, i) => i >= from && obj(x).type === 'function_call' && obj(x)[callKey] === c.call_id,
      );
      const ri = input.findIndex((x, i) => i >= from && obj(x).type === resultType && obj(x).call_id === c.call_id);
      call_pointer = ci === -1 ? null : pointer('input', ci);
      result_pointer = ri === -1 ? '' : pointer('input', ri);
    }
    return { call_id: c.call_id, position, call_pointer, result_pointer };
  });
}

/** The proof line over a serialized body: exported so a test can show it catches a leak. */
export function auditProof(
  bodyText: string,
  packages: readonly ViewedPackage[],
  ctx: TurnContext,
  responseId: string,
): AuditProof {
  const needles = ['protected_audit', ctx.principal.tenant, ctx.principal.subject];
  if (ctx.key !== undefined) needles.push(ctx.key.id, ctx.key.secret);
  for (const p of packages) {
    const a = p.package.protected_audit;
    needles.push(
      a.principal_ref,
      a.operation.operation_id,
      a.operation.idempotency_key,
      a.binding.request_sha256,
      a.binding.result_sha256,
      a.binding.call_binding_sha256,
    );
    for (const ref of [a.downstream.request_ref, a.downstream.receipt_ref, a.downstream.status_ref])
      if (ref !== null) needles.push(ref);
  }
  const searched = [...new Set(needles)];
  return {
    searched,
    found: searched.filter((n) => bodyText.includes(n)),
    not_searched: [{ value: responseId, why: 'response_id' }],
  };
}

function badInput(e: unknown): Extract<ContinuationView, { stage: 'bad_input' }> {
  const { call_id, params } = inputFault(e);
  return { ok: false, stage: 'bad_input', call_id, detail: describeTurnText(params), params };
}

/**
 * Never throws: bad stream text, a turn with problems, a call the turn
 * context cannot bind or without a handler output, and a refused
 * continuation are each `{ ok: false, stage }`, with the core's words where it has them.
 */
export function viewContinuation(
  provider: ProviderName,
  events: TurnEvents | AssembledTurn,
  ctx: TurnContext,
  handlers: Readonly<Record<string, unknown>>,
  mode: ContinuationMode,
): ContinuationView {
  let turn: AssembledTurn;
  try {
    turn =
      typeof events === 'object' && !Array.isArray(events) && 'problems' in events
        ? (events as AssembledTurn)
        : assembleTurn(provider, events as TurnEvents);
  } catch (e) {
    return badInput(e);
  }
  if (turn.problems.length > 0) {
    const codes = turn.problems.map((p) => p.code);
    const params = { kind: 'turn_problems', codes } as const;
    return { ok: false, stage: 'problems', call_id: null, detail: describeTurnText(params), codes, params };
  }
  let packages: ViewedPackage[];
  try {
    packages = dispatchTurn(turn, ctx, handlers, chapterTools).map((d, position) => ({
      position,
      call_id: d.call.call_id,
      name: d.call.name,
      gate: d.gate,
      package: d.package,
      trusted: d.trusted,
    }));
  } catch (e) {
    return badInput(e);
  }
  const c = continueTurn(
    provider,
    turn,
    packages.map((p) => ({ package: p.package, trusted: p.trusted })),
    {
      tools: chapterTools,
      mode,
      history: ctx.history,
      ...(ctx.response_ref === undefined ? {} : { response_ref: ctx.response_ref }),
    },
  );
  if (!c.ok) return { ok: false, stage: 'refused', call_id: null, detail: c.detail, params: c.params };
  if (c.body === null) return { ok: false, stage: 'final_answer', call_id: null };
  const body_text = canonicalize(c.body);
  return {
    ok: true,
    provider,
    mode,
    packages,
    body: c.body,
    body_text,
    pairs: pairResults(provider, turn, c.body, ctx.history.length, mode),
    proof: auditProof(body_text, packages, ctx, boundResponseId(turn, ctx.response_ref) ?? ''),
    results_first: provider === 'anthropic',
  };
}
