/**
 * The core's door for the project's own code: the playground, the CLI and the tests import the core from source
 * through here. It is not the package's surface: what engineers import is chosen in src/public
 * (docs/contract.md#public-surface). Pure TypeScript: no DOM, no React, no Node built-ins, so the playground and the
 * CLI run the same code.
 */
export { canonicalize, CanonicalizationError } from './json/index.ts';
export {
  sha256Hex,
  sha256HexWebCrypto,
  hmacSha256Hex,
  hmacSha256HexWebCrypto,
  constantTimeEqual,
} from './json/index.ts';
export {
  findTool,
  RESULT_LIMITS,
  type ToolSpec,
  type ToolRegistry,
  type ToolRevisions,
  type EchoField,
} from './tables/index.ts';
export { defineTool, ToolSpecError } from './tables/index.ts';
// MCP servers' tools and results (docs/mcp.md).
export { type McpBinding, type McpDefinitionState } from './tables/index.ts';
export {
  MCP_BLOCK_TYPES,
  MCP_DEFINITION_PURPOSE,
  MCP_MESSAGE_LIMITS,
  MCP_STRUCTURED_PURPOSE,
  mcpCallToolResultSchema,
  mcpDefinitionSha256,
  mcpDefinitionState,
  mcpResourceRevision,
  pinMcpTools,
  projectMcp,
  projectMcpDetailed,
  type McpBlockType,
  type McpCallToolResultValue,
  type McpChanged,
  type McpContentBlock,
  type McpPinned,
  type McpPinning,
  type McpToolDefinition,
  type McpUnregistered,
} from './mcp/index.ts';
export { createDispatcher, type Dispatcher } from './dispatcher/index.ts';
export { resultJsonSchema, resultZodSchema, RESULT_SCHEMA_PARTS, type ResultSchemaPart } from './result/index.ts';
export { digestPreimages, type DigestPreimages } from './result/index.ts';
export { ERROR_CATALOG, RETRY_AFTER_MS, type ErrorCode, type CatalogEntry } from './tables/index.ts';
export { PROVIDER_ADAPTERS, findAdapter, type ProviderName, type ProviderItem } from './tables/index.ts';
export { type LastHopName, type McpCallToolResult } from './tables/index.ts';
export { project, projectDetailed } from './result/index.ts';
export {
  computeBindings,
  principalRef,
  digestPreimage,
  requestFields,
  callBindingFields,
  PURPOSES,
} from './result/index.ts';
export {
  validateResult,
  validateResultDetailed,
  type ValidationReport,
  type ValidationDetails,
} from './result/index.ts';
export { toProviderItem, AdapterRefusedError } from './lastHop/index.ts';
export { openLiveSession, type LiveSession } from './live/index.ts';
export {
  composeTurn,
  TurnRefusedError,
  type ProviderCall,
  type PackagedResult,
  type TurnOptions,
} from './turn/index.ts';
export { parseScenario, SCENARIO_FORMAT, type Scenario } from './result/index.ts';
export { parseTrustedContext, TrustedContextError, type Delivery, type TrustedContext } from './result/index.ts';
export { parseStrictJson, decodeUtf8Strict, STRICT_JSON_LIMITS, type JsonParseError } from './json/index.ts';
export type { JsonValue } from './json/index.ts';
export { VIOLATION_CODES, type Violation, type ViolationCode } from './tables/index.ts';
export { describeParams, RULES, type ViolationParams, type Rule, type SchemaIssue } from './tables/index.ts';
/** The English locale of every code's params (the `detail` of each); the Chinese one is `tool-result-contract/locales/zh`. */
export { en, type MessageLocale } from './messages/index.ts';
export { normalizeKey, deniedKeyKind } from './tables/index.ts';
export type { ModelResult } from './result/index.ts';
export { DIGEST_NAMES, type DigestName, type ProtectedAudit, type Package } from './result/index.ts';
// The model's turn (docs/turn-contract.md).
export {
  assembleTurn,
  createTurnAssembler,
  isTurnProvider,
  StreamTextRefusedError,
  TURN_PROVIDERS,
  type TurnEvents,
} from './turn/index.ts';
export { createOpenAITurnAssembler } from './turn/index.ts';
export { createAnthropicTurnAssembler } from './turn/index.ts';
export { createGeminiTurnAssembler } from './turn/index.ts';
export {
  readTurnStream,
  type StreamEvent,
  type StreamLayout,
  type StreamRead,
  type StreamTextError,
} from './turn/index.ts';
export {
  TURN_PROBLEM_CODES,
  type AssembledCall,
  type AssembledTurn,
  type TurnAssembler,
  type TurnEndKind,
  type TurnNote,
  type TurnNoteCode,
  type TurnProblem,
  type TurnProblemCode,
  type TurnTerminal,
} from './turn/index.ts';
export {
  describeTurn,
  describeTurnText,
  segmentsText,
  type RefusalParams,
  type Segment,
  type TurnInputParams,
  type TurnNoteParams,
  type TurnProblemParams,
  type TurnWordsParams,
} from './turn/index.ts';
export { REPLAY_DROPS, type ReplayDrop, type Replayed, type ReplayItemOf } from './turn/index.ts';
export { parseTurnContext, TurnContextSchema, type TurnContext } from './turn/index.ts';
export { boundResponseId, gateCall, gateTurn, TurnInputError, type GatedCall, type GateVerdict } from './turn/index.ts';
export { dispatchTurn, type DispatchedCall } from './turn/index.ts';
export {
  continueTurn,
  type AnthropicBody,
  type Continuation,
  type ContinuationBody,
  type ContinuationBodyFor,
  type ContinuationMode,
  type ContinuationOptions,
  type ContinuationRefused,
  type GeminiStatefulBody,
  type GeminiStatelessBody,
  type OpenAIStatefulBody,
  type OpenAIStatelessBody,
} from './turn/index.ts';
export { runTurn, type TurnReport } from './turn/index.ts';
