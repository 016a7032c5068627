/**
 * Type-level contract (checked by `tsc --noEmit`, which `npm test` runs): the
 * adapters' outputs stay assignable to the official SDK types, and payloads
 * that must not type-check don't. Remove an @ts-expect-error whose line has
 * become valid and the build fails, so the negatives bite too. Each directive
 * covers the one line after it, so those statements are kept on one line
 * (`// prettier-ignore`).
 */
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import type { MessageParam, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { Interactions } from '@google/genai';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type {
  AnthropicToolResult,
  GeminiFunctionResult,
  McpCallToolResult,
  OpenAIFunctionCallOutput,
} from '../../src/core/tables/index.ts';
import type { AnthropicTurn, GeminiTurn, OpenAITurn } from '../../src/core/turn/index.ts';

declare const openaiItem: OpenAIFunctionCallOutput;
declare const anthropicItem: AnthropicToolResult;
declare const geminiItem: GeminiFunctionResult;
declare const mcpItem: McpCallToolResult;
declare const openaiTurn: OpenAITurn;
declare const anthropicTurn: AnthropicTurn;
declare const geminiTurn: GeminiTurn;

export const o: ResponseInputItem.FunctionCallOutput = openaiItem;
export const oTurn: ResponseInputItem[] = openaiTurn.input;
export const a: ToolResultBlockParam = anthropicItem;
export const aTurn: MessageParam = anthropicTurn;
export const g: Interactions.FunctionResultStep = geminiItem;
export const gTurn: Interactions.Step[] = geminiTurn.input;
export const m: CallToolResult = mcpItem;

// Negatives: shapes one provider's habits would produce for another.
// prettier-ignore
// @ts-expect-error OpenAI's function_call_output has no tool_use_id
export const n1: ResponseInputItem.FunctionCallOutput = { type: 'function_call_output', tool_use_id: 'c', output: '' };
// prettier-ignore
// @ts-expect-error Anthropic's tool_result names the call tool_use_id, not call_id
export const n2: ToolResultBlockParam = { type: 'tool_result', call_id: 'c', content: '' };
// prettier-ignore
// @ts-expect-error Gemini's function_result requires call_id
export const n3: Interactions.FunctionResultStep = { type: 'function_result', name: 'search_kb', result: '' };
// prettier-ignore
// @ts-expect-error the OpenAI output is a string or input parts, never a bare object (the model_result must be serialized)
export const n4: ResponseInputItem.FunctionCallOutput = { type: 'function_call_output', call_id: 'c', output: { status: 'succeeded' } };
// prettier-ignore
// @ts-expect-error Anthropic's is_error is a boolean, not a string
export const n5: ToolResultBlockParam = { type: 'tool_result', tool_use_id: 'c', is_error: 'true' };
// prettier-ignore
// @ts-expect-error MCP's isError is a boolean, not a string
export const n6: CallToolResult = { content: [], isError: 'true' };
// prettier-ignore
// @ts-expect-error MCP's content is a list of blocks, never the model_result's text alone
export const n7: CallToolResult = { content: '{"status":"succeeded"}' };
