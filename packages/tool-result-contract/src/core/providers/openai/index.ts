/** The door of OpenAI's folder: its last hop and its turn, the two lines the registry lists (providers/registry.ts). */
export { type OpenAIFunctionCallOutput } from './adapter.ts';
export { type OpenAIFunctionCall, openaiLastHop, type OpenAITurn } from './lastHop.ts';
export { type OpenAIStatefulBody, type OpenAIStatelessBody, openaiTurn } from './continuation.ts';
export { createOpenAITurnAssembler } from './assembler.ts';
