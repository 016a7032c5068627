/** OpenAI's continuation (docs/turn.md#shapes): the outputs on the stored response, or the whole turn replayed with store off. */
import type { JsonValue } from '../../json/jsonValue.ts';
import type { ContinuationPart, ModelTurn } from '../provider.ts';
import type { OpenAIFunctionCallOutput } from './adapter.ts';
import { createOpenAITurnAssembler } from './assembler.ts';
import type { OpenAITurn } from './lastHop.ts';

export type OpenAIStatefulBody = { previous_response_id: string; input: OpenAIFunctionCallOutput[] };
/** `I`: the items of `input` (continueTurn: the history's, the replay's and the results' types). */
export type OpenAIStatelessBody<I = JsonValue> = { store: false; include: ['reasoning.encrypted_content']; input: I[] };

export const openaiTurn: ModelTurn<OpenAITurn> = {
  name: 'openai',
  createAssembler: createOpenAITurnAssembler,
  stateful: true,
  continuation: ({ mode, response_id, history, replay, compose }): ContinuationPart => {
    // composeTurn's stateless echo is not used: the turn's items are replayed once, as assembled.
    const outputs = compose({ previous_response_id: response_id }).input as unknown as JsonValue[];
    if (mode === 'stateful') return { body: { previous_response_id: response_id, input: outputs } };
    return {
      body: { store: false, include: ['reasoning.encrypted_content'], input: [...history, ...replay, ...outputs] },
    };
  },
};
