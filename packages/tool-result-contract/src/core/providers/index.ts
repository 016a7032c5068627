/**
 * The door of src/core/providers: each provider in its own folder (docs/contract.md#one-folder-per-provider),
 * and the stream kit their assemblers share. The folders above it (tables, result, lastHop, turn) reach a
 * provider through this door only.
 */
export {
  type AssembledCall,
  type AssembledTurn,
  type ReplayItemOf,
  TURN_PROBLEM_CODES,
  type TurnAssembler,
  type TurnEndKind,
  type TurnNote,
  type TurnNoteCode,
  type TurnProblem,
  type TurnProblemCode,
  type TurnTerminal,
} from './turn.ts';
export type { ForkableTurnAssembler } from './_turnLog.ts';
export { REPLAY_DROPS, type ReplayDrop, type Replayed } from './replayDrops.ts';
export type { TurnReplayOf } from './replayTypes.ts';
export type { LastHopName, ProviderName } from './providerName.ts';
export type { AdapterInput, ModelLastHop, ModelTurn, ProviderAdapter, TurnBodyOptions } from './provider.ts';
export {
  type AdaptersOf,
  findLastHop,
  LAST_HOPS,
  type ProviderCall,
  type ProviderItem,
  type TurnOf,
} from './registry.ts';
export { findModelTurn, MODEL_TURNS } from './modelTurns.ts';
export {
  type AnthropicBody,
  type AnthropicToolResult,
  type AnthropicToolUse,
  type AnthropicTurn,
  createAnthropicTurnAssembler,
} from './anthropic/index.ts';
export {
  createGeminiTurnAssembler,
  type GeminiFunctionCall,
  type GeminiFunctionResult,
  type GeminiStatefulBody,
  type GeminiStatelessBody,
  type GeminiTurn,
} from './gemini/index.ts';
export type { McpCallToolResult } from './mcp/index.ts';
export {
  createOpenAITurnAssembler,
  type OpenAIFunctionCall,
  type OpenAIFunctionCallOutput,
  type OpenAIStatefulBody,
  type OpenAIStatelessBody,
  type OpenAITurn,
} from './openai/index.ts';
