/** The door of Gemini's folder: its last hop and its turn, the two lines the registry lists (providers/registry.ts). */
export { type GeminiFunctionResult } from './adapter.ts';
export { type GeminiFunctionCall, geminiLastHop, type GeminiTurn } from './lastHop.ts';
export { type GeminiStatefulBody, type GeminiStatelessBody, geminiTurn } from './continuation.ts';
export { createGeminiTurnAssembler } from './assembler.ts';
