/**
 * Type-level negatives for the turn (docs/turn-contract.md#fixtures-and-the-sdk-cross-check), beside the generated positives
 * in turnFixtures.generated.ts: shapes one provider's habits would produce for
 * another must not type-check. Remove an @ts-expect-error whose line became
 * valid and the build fails. Each directive covers the one line after it, so
 * those statements are kept on one line (`// prettier-ignore`).
 */
import type { ResponseCreateParamsStreaming, ResponseStreamEvent } from 'openai/resources/responses/responses';
import type { MessageCreateParamsStreaming, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { Interactions } from '@google/genai';

// prettier-ignore
// @ts-expect-error a Gemini event is told apart by event_type, not type
export const n1: Interactions.InteractionSSEEvent = { type: 'step.stop', index: 0 };
// prettier-ignore
// @ts-expect-error an OpenAI delta names its item by item_id, never by call_id
export const n2: ResponseStreamEvent = { type: 'response.function_call_arguments.delta', sequence_number: 3, output_index: 0, call_id: 'call_1', delta: '{' };
// prettier-ignore
// @ts-expect-error Anthropic fragments are partial_json strings, not objects
export const n3: RawMessageStreamEvent = { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: { a: 1 } } };
// prettier-ignore
// @ts-expect-error the replayed OpenAI function_call carries its arguments as JSON text, not an object
export const n4: ResponseCreateParamsStreaming = { model: 'm', stream: true, input: [{ type: 'function_call', call_id: 'c', name: 'get_order', arguments: { order_ref: 'ORDER-7' } }] };
// prettier-ignore
// @ts-expect-error the Messages API has no previous_response_id: it keeps no state
export const n5: MessageCreateParamsStreaming = { model: 'm', max_tokens: 1, stream: true, messages: [], previous_response_id: 'msg_1' };
// prettier-ignore
// @ts-expect-error a Gemini function_result names the call by call_id, not tool_use_id
export const n6: Interactions.CreateModelInteractionParamsStreaming = { model: 'm', stream: true, input: [{ type: 'function_result', tool_use_id: 'c', result: '' }] };
