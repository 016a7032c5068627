/**
 * The decision at the end of a turn: which calls run, which the
 * gate answers itself, or why nothing runs. The verdicts are the core's
 * (`gateCall`, docs/turn-contract.md#the-input-gate); this module adds to each problem what its story
 * mentions (./problemStories.ts picks the story, ./problemText.ts holds the
 * words), and the mode's text table says why the gate decided as it did.
 *
 * @example
 * decideTurn(assembleTurn('anthropic', truncated.stream), ctx)
 * // { kind: 'stopped', problems: [{ code: 'NOT_A_TOOL_TURN', provider: 'anthropic', quoted: '{"city":"Par', … }] }
 */
import { gateCall, type GateVerdict, type TurnWordsParams } from '#lib/core/turn/index.ts';
import { inputFault } from './inputFault.ts';
import type { AssembledTurn, TurnProblem } from '#lib/core/turn/index.ts';
import type { TurnContext } from '#lib/core/turn/index.ts';
import type { TrustedContext } from '#lib/core/result/index.ts';
import type { ProviderName } from '#lib/core/tables/index.ts';
import { chapterTools } from '../../chapter/index.ts';

/** A problem with what its rule's story mentions: the turn's provider and the cut-off call's arguments text. */
export interface ExplainedProblem extends TurnProblem {
  provider: ProviderName;
  quoted: string;
}

export interface DecidedCall {
  position: number;
  call_id: string;
  name: string;
  gate: GateVerdict;
  /** Only a call the gate sent to its handler runs. */
  runs: boolean;
  /** Whether the arguments are strict JSON (an INVALID_ARGUMENTS is then the schema's, else the text's). */
  parsed: boolean;
  /** The trusted context the gate built: response id and call id taken from the stream. */
  trusted: TrustedContext;
}

export type TurnDecision =
  /** Any problem stops the whole turn: nothing reaches the gate. */
  | { kind: 'stopped'; problems: ExplainedProblem[] }
  /** A clean turn without calls: nothing to run. */
  | { kind: 'no_calls' }
  | { kind: 'gated'; calls: DecidedCall[]; runs: string[]; answered: string[] }
  /** The dispatcher's turn context cannot bind a call (docs/turn-contract.md#the-turn-command: exit 2). */
  /** The turn context does not fit the turn: the core's words for it, in params (the page renders them). */
  | { kind: 'bad_input'; call_id: string | null; params: TurnWordsParams };

/** The text a problem's story quotes: the call that never parsed (the cut-off one), else the last call's text. */
/** The arguments a cut-off call had: none when every call closed whole (a recorded message delivered whole in message_start), so no story quotes a cut that did not happen. */
function quotedArguments(turn: AssembledTurn): string {
  return turn.calls.find((x) => x.arguments === null)?.arguments_text ?? '';
}

/** Never throws: a call the turn context cannot bind is `bad_input`. */
export function decideTurn(turn: AssembledTurn, ctx: TurnContext): TurnDecision {
  if (turn.problems.length > 0) {
    const quoted = quotedArguments(turn);
    return {
      kind: 'stopped',
      problems: turn.problems.map((p) => ({ ...p, provider: turn.provider, quoted })),
    };
  }
  if (turn.calls.length === 0) {
    return { kind: 'no_calls' };
  }
  try {
    const calls = turn.calls.map((c, position): DecidedCall => {
      const g = gateCall(turn, c, ctx, chapterTools);
      return {
        position,
        call_id: c.call_id,
        name: c.name,
        gate: g.gate,
        runs: g.gate === 'handler',
        parsed: c.arguments !== null,
        trusted: g.trusted,
      };
    });
    return {
      kind: 'gated',
      calls,
      runs: calls.filter((c) => c.runs).map((c) => c.call_id),
      answered: calls.filter((c) => !c.runs).map((c) => c.call_id),
    };
  } catch (e) {
    return { kind: 'bad_input', ...inputFault(e) };
  }
}
