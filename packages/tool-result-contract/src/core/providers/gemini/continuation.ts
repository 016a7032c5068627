/** Gemini's continuation (docs/turn.md#shapes): the results on the stored interaction, or the whole turn replayed with store off. */
import type { JsonValue } from '../../json/jsonValue.ts';
import type { ContinuationPart, ModelTurn } from '../provider.ts';
import type { GeminiFunctionResult } from './adapter.ts';
import { createGeminiTurnAssembler } from './assembler.ts';
import type { GeminiTurn } from './lastHop.ts';

export type GeminiStatefulBody = { previous_interaction_id: string; input: GeminiFunctionResult[] };
/** `I`: the items of `input` (continueTurn: the history's, the replay's and the results' types). */
export type GeminiStatelessBody<I = JsonValue> = { store: false; input: I[] };

export const geminiTurn: ModelTurn<GeminiTurn> = {
  name: 'gemini',
  createAssembler: createGeminiTurnAssembler,
  stateful: true,
  continuation: ({ mode, response_id, history, replay, compose }): ContinuationPart => {
    const outputs = compose({}).input as unknown as JsonValue[];
    if (mode === 'stateful') return { body: { previous_interaction_id: response_id, input: outputs } };
    return { body: { store: false, input: [...history, ...replay, ...outputs] } };
  },
};
