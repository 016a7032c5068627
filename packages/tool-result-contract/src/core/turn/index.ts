/**
 * The door of src/core/turn: the model's turn (docs/turn-contract.md): streams assembled per provider, the input gate, dispatching a turn and the continuation.
 * Code outside src/core imports this folder through this file only (eslint.config.js, no-restricted-imports).
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
} from '../providers/index.ts';
export {
  describeTurn,
  describeTurnText,
  type ArgumentsSource,
  type JsonDataFault,
  type PairingCode,
  type RefusalParams,
  type TurnEnd,
  type Segment,
  segmentsText,
  type TurnInputParams,
  type TurnNoteParams,
  type TurnProblemParams,
  type TurnWordsParams,
} from '../messages/index.ts';
export {
  type AdapterInput,
  type AnthropicToolResult,
  createAnthropicTurnAssembler,
  createGeminiTurnAssembler,
  createOpenAITurnAssembler,
  type ForkableTurnAssembler,
  type GeminiFunctionResult,
  type LastHopName,
  type OpenAIFunctionCallOutput,
  type ProviderAdapter,
  type TurnBodyOptions,
  type TurnOf,
  REPLAY_DROPS,
  type ReplayDrop,
  type Replayed,
} from '../providers/index.ts';
export {
  assembleTurn,
  createTurnAssembler,
  isTurnProvider,
  StreamTextRefusedError,
  TURN_PROVIDERS,
  type TurnEvents,
} from './assembleTurn.ts';
export { openTurnSession, type TurnSession } from './turnSession.ts';
export {
  readTurnStream,
  type StreamEvent,
  type StreamLayout,
  type StreamRead,
  type StreamTextError,
} from './turnStream.ts';
export { parseTurnContext, type TurnContext, TurnContextSchema } from './turnContext.ts';
export { boundResponseId, gateCall, type GatedCall, gateTurn, type GateVerdict, TurnInputError } from './inputGate.ts';
export { type DispatchedCall, dispatchTurn } from './dispatchTurn.ts';
export {
  type AnthropicBody,
  type Continuation,
  type ContinuationBody,
  type ContinuationBodyFor,
  type ContinuationMode,
  type ContinuationOptions,
  type ContinuationRefused,
  continueTurn,
  type GeminiStatefulBody,
  type GeminiStatelessBody,
  type OpenAIStatefulBody,
  type OpenAIStatelessBody,
} from './continueTurn.ts';
export { runTurn, type TurnReport } from './runTurn.ts';
export {
  type AnthropicToolUse,
  type AnthropicTurn,
  type GeminiFunctionCall,
  type OpenAIFunctionCall,
  composeTurn,
  type ComposedTurn,
  safeComposeTurn,
  type GeminiTurn,
  type OpenAITurn,
  type PackagedResult,
  type ProviderCall,
  type TurnOptions,
  TurnRefusedError,
} from './composeTurn.ts';
