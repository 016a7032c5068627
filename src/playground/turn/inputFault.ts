/**
 * What the core throws at a caller's input that does not fit the turn (a turn context without a call's
 * entry, a handler output missing, stream text that is not JSON), as the params the page renders in the
 * learner's language (docs/turn-contract.md#the-input-gate). Anything else the core throws is a bug, said as one.
 */
import { StreamTextRefusedError, TurnInputError, type TurnWordsParams } from '#lib/core/turn/index.ts';

export function inputFault(e: unknown): { call_id: string | null; params: TurnWordsParams } {
  if (e instanceof TurnInputError) return { call_id: e.call_id, params: e.params };
  if (e instanceof StreamTextRefusedError) {
    const { line, column, code } = e.error;
    return { call_id: null, params: { kind: 'stream_text', line, column, code } };
  }
  return { call_id: null, params: { kind: 'internal', message: e instanceof Error ? e.message : String(e) } };
}
