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
export { createAnthropicTurnAssembler } from './anthropic/assembler.ts';
export { createGeminiTurnAssembler } from './gemini/assembler.ts';
export { createOpenAITurnAssembler } from './openai/assembler.ts';
