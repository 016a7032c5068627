/**
 * Anthropic's continuation (docs/turn.md#shapes): stateless only, the history, the assistant's blocks as
 * assembled and the results' user message; a paused turn resumes with the assistant's blocks and no user message.
 */
import type { JsonValue } from '../../json/jsonValue.ts';
import type { ContinuationPart, ModelTurn } from '../provider.ts';
import { createAnthropicTurnAssembler } from './assembler.ts';
import type { AnthropicTurn } from './lastHop.ts';

/** `I`: the messages (continueTurn: the history's type, the assistant's replayed blocks, the results' user turn). */
export type AnthropicBody<I = JsonValue> = { messages: I[] };

export const anthropicTurn: ModelTurn<AnthropicTurn> = {
  name: 'anthropic',
  createAssembler: createAnthropicTurnAssembler,
  stateful: false,
  paused: (history, replay) => ({ messages: [...history, { role: 'assistant', content: replay }] }),
  continuation: ({ history, replay, compose }): ContinuationPart => {
    const user = compose({});
    const firstOther = user.content.findIndex((b) => b.type !== 'tool_result');
    if (firstOther !== -1 && user.content.slice(firstOther).some((b) => b.type === 'tool_result'))
      return { refused: { kind: 'text_before_result' } };
    return { body: { messages: [...history, { role: 'assistant', content: replay }, user as unknown as JsonValue] } };
  },
};
