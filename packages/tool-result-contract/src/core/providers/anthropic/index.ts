/** The door of Anthropic's folder: its last hop and its turn, the two lines the registry lists (providers/registry.ts). */
export { type AnthropicToolResult } from './adapter.ts';
export { anthropicLastHop, type AnthropicToolUse, type AnthropicTurn } from './lastHop.ts';
export { type AnthropicBody, anthropicTurn } from './continuation.ts';
export { createAnthropicTurnAssembler } from './assembler.ts';
