/**
 * Everything the turn mode shows for one stream and the learner's edits of
 * it, as one pure function: the stream's text, its events, the
 * fault switch laid over them, the steps, the decision at the end, the
 * handler output of every call that runs and the next request's body. The
 * React mode draws this and keeps nothing else; a test can hold the mode's
 * every datum to the core without a browser.
 *
 * @example
 * const v = turnView({ stream: 'anthropic.truncated', doc: EMPTY_TURN_DOC, continuation: 'stateless' });
 * v.decision?.kind // 'stopped'
 */
import { assembleTurn } from '#lib/core/turn/index.ts';
import type { ContinuationMode } from '#lib/core/turn/index.ts';
import type { ProviderName } from '#lib/core/tables/index.ts';
import { parseStrictJson } from '#lib/core/json/index.ts';
import type { AssembledTurn } from '#lib/core/turn/index.ts';
import { readTurnStream, type StreamTextError } from '#lib/core/turn/index.ts';
import { viewContinuation, type ContinuationView } from './continuationView.ts';
import { decideTurn, type TurnDecision } from './decision.ts';
import { applyFault, FAULT_SWITCHES, isHealthyToolTurn, type FaultId, type FaultRefusal } from './faults.ts';
import type { RecordedStream } from './recordedStreams.ts';
import { overviewStream, type StreamOverview } from './stepThrough.ts';
import type { TurnDoc } from './turnWork.ts';
import { findTurnFixture, turnFixtures, type TurnFixture } from '../../chapter/index.ts';

export interface TurnViewInput {
  stream: string;
  doc: TurnDoc;
  continuation: ContinuationMode;
  /** The recorded stream `stream` names, once loaded (docs/turn-contract.md#what-providers-really-send); null for a fixture. */
  recorded?: RecordedStream | null;
}

export type FaultState = null | { id: FaultId; applied: true } | { id: FaultId; applied: false; reason: FaultRefusal };

export type HandlerText = {
  call_id: string;
  name: string;
  text: string;
  edited: boolean;
  parsed: { ok: true; value: unknown } | { ok: false; line: number; column: number; code: string; message: string };
};

export type TurnContinuation =
  | ContinuationView
  /** A handler output the learner typed that is not strict JSON: where, and the parser's code. */
  | { ok: false; stage: 'handler_text'; call_id: string; line: number; column: number; code: string }
  /** The stream text is not read, so there are no calls to answer. */
  | { ok: false; stage: 'stream'; call_id: null };

/** What the stream alone decides: everything but the handler outputs and the next request (a handler edit leaves it as it is). */
export type StreamView = Omit<TurnView, 'handlers' | 'continuation'>;

export interface TurnView {
  fixture: TurnFixture;
  provider: ProviderName;
  /** The text the stream editor shows: the learner's edit, a recording's text as recorded, or the fixture's events as a JSON array. */
  text: string;
  edited: boolean;
  /** The text read strictly; a bad text is located (line, column) and nothing after it is computed. */
  textError: StreamTextError | null;
  fault: FaultState;
  /**
   * Whether the fault switches can apply: they start from a healthy stream that asks for
   * tools. Known without assembling twice: with no switch on, the stream itself says; with
   * one on, whether it applied.
   */
  faultsApply: boolean;
  /** What the dispatcher reads: the text, or, with a fault switch on, the faulted events as text (what an export carries). */
  effectiveText: string;
  /** The events and the list's marks; a step's full view is `stepAt(provider, overview, i)`, computed for the step on screen. */
  overview: Extract<StreamOverview, { ok: true }> | null;
  final: AssembledTurn | null;
  decision: TurnDecision | null;
  /** One per call the gate sends to its handler, in stream order. */
  handlers: HandlerText[];
  continuation: TurnContinuation;
}

/** A stream's events as the editor's text: a JSON array, two-space indented (the layout a stream file may have). */
export const streamTextOf = (events: readonly unknown[]): string => `${JSON.stringify(events, null, 2)}\n`;

/** The fixture a stream id opens (an unknown id opens the first: the address and the saved work are checked before they reach here). */
export const fixtureOf = (stream: string): TurnFixture => findTurnFixture(stream) ?? (turnFixtures[0] as TurnFixture);

/** The handler output a call starts from: the fixture's for that call id, else the fixture's for another call of the same tool, else an empty success. */
function startingHandler(f: TurnFixture, callId: string, name: string): unknown {
  if (Object.hasOwn(f.handlers, callId)) return f.handlers[callId];
  const sibling = assembleTurn(f.provider, f.stream).calls.find(
    (c) => c.name === name && Object.hasOwn(f.handlers, c.call_id),
  );
  return sibling !== undefined ? f.handlers[sibling.call_id] : { kind: 'success', data: {} };
}

export function turnView(input: TurnViewInput): TurnView {
  return callsView(streamView(input.stream, input.doc, input.recorded ?? null), input.doc.handlers, input.continuation);
}

/** The stream's part of {@link turnView}: its text read once, the fault switch, the overview, the decision. */
export function streamView(
  stream: string,
  doc: Pick<TurnDoc, 'stream' | 'fault'>,
  recorded: RecordedStream | null = null,
): StreamView {
  const own = recorded !== null && recorded.recording.id === stream ? recorded : null;
  const fixture = own?.fixture ?? fixtureOf(stream);
  const provider = fixture.provider;
  const text = doc.stream ?? own?.text ?? streamTextOf(fixture.stream);
  const base: Omit<
    StreamView,
    'textError' | 'fault' | 'faultsApply' | 'effectiveText' | 'overview' | 'final' | 'decision'
  > = {
    fixture,
    provider,
    text,
    edited: doc.stream !== null,
  };
  const read = readTurnStream(text);
  const none = { overview: null, final: null, decision: null };
  if (!read.ok)
    return { ...base, textError: read.error, fault: null, faultsApply: false, effectiveText: text, ...none };

  let fault: FaultState = null;
  let events: readonly unknown[] | null = null;
  const sw = FAULT_SWITCHES.find((f) => f.id === doc.fault);
  if (sw !== undefined) {
    const r = applyFault(
      sw.id,
      provider,
      read.events.map((e) => e.value),
    );
    if (r.ok) {
      fault = { id: sw.id, applied: true };
      events = r.events;
    } else fault = { id: sw.id, applied: false, reason: r.reason };
  }
  const effectiveText = events === null ? text : streamTextOf(events);
  const steps = overviewStream(provider, events ?? read);
  // Read text and values always read; the branch is for the type.
  if (!steps.ok) return { ...base, textError: steps.error, fault, faultsApply: false, effectiveText, ...none };
  const final = steps.final;
  const faultsApply = fault !== null ? fault.applied : isHealthyToolTurn(final);
  return {
    ...base,
    textError: null,
    fault,
    faultsApply,
    effectiveText,
    overview: steps,
    final,
    decision: decideTurn(final, fixture.turn_context),
  };
}

/** The calls' part of {@link turnView}: the handler output of each call that runs (the learner's, else where it starts) and the next request. */
export function callsView(sv: StreamView, edits: Readonly<Record<string, string>>, mode: ContinuationMode): TurnView {
  const { decision, final, fixture } = sv;
  if (decision === null || final === null)
    return {
      ...sv,
      handlers: [],
      continuation: { ok: false, stage: 'stream', call_id: null },
    };
  const handlers: HandlerText[] =
    decision.kind === 'gated'
      ? decision.calls
          .filter((c) => c.runs)
          .map((c) => {
            const own = Object.hasOwn(edits, c.call_id) ? edits[c.call_id] : undefined;
            const t = own ?? `${JSON.stringify(startingHandler(fixture, c.call_id, c.name), null, 2)}\n`;
            const p = parseStrictJson(t);
            return {
              call_id: c.call_id,
              name: c.name,
              text: t,
              edited: own !== undefined,
              parsed: p.ok
                ? { ok: true, value: p.value }
                : {
                    ok: false,
                    line: p.error.line,
                    column: p.error.column,
                    code: p.error.code,
                    message: p.error.message,
                  },
            };
          })
      : [];
  return { ...sv, handlers, continuation: continuationOf(sv.provider, final, fixture, handlers, mode) };
}

function continuationOf(
  provider: ProviderName,
  final: AssembledTurn,
  fixture: TurnFixture,
  handlers: readonly HandlerText[],
  mode: ContinuationMode,
): TurnContinuation {
  const outputs: Record<string, unknown> = {};
  for (const h of handlers) {
    if (!h.parsed.ok)
      return {
        ok: false,
        stage: 'handler_text',
        call_id: h.call_id,
        line: h.parsed.line,
        column: h.parsed.column,
        code: h.parsed.code,
      };
    outputs[h.call_id] = h.parsed.value;
  }
  return viewContinuation(provider, final, fixture.turn_context, outputs, mode);
}
