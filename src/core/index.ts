/**
 * The public surface of the core (SPEC 7). Pure TypeScript: no DOM, no React,
 * no Node built-ins, so the playground and the CLI run the same code.
 */
export { canonicalize, CanonicalizationError } from './canonical.ts';
export { sha256Hex, sha256HexWebCrypto, hmacSha256Hex, hmacSha256HexWebCrypto, constantTimeEqual } from './hash.ts';
export { registry, lookupTool, RESULT_LIMITS, KB_HOST, type ToolSpec, type ToolRegistry, type ToolRevisions, type EchoField } from './registry.ts';
export { defineTool, ToolSpecError } from './defineTool.ts';
export { createDispatcher, type Dispatcher } from './dispatcher.ts';
export { resultJsonSchema, resultZodSchema, RESULT_SCHEMA_PARTS, type ResultSchemaPart } from './resultSchema.ts';
export { digestPreimages, type DigestPreimages } from './digest.ts';
export { ERROR_CATALOG, RETRY_AFTER_MS, type ErrorCode, type CatalogEntry } from './errorCatalog.ts';
export { PROVIDER_ADAPTERS, findAdapter, adapterFor, type ProviderName, type ProviderItem } from './providerAdapters.ts';
export { project, projectDetailed } from './project.ts';
export { computeBindings, principalRef, digestPreimage, requestFields, callBindingFields, PURPOSES } from './digest.ts';
export { validateResult, validateResultDetailed, type ValidationReport, type ValidationDetails } from './validateResult.ts';
export { toProviderItem, AdapterRefused } from './toProviderItem.ts';
export { previewDispatch, type DispatchPreview, type ProviderPreview } from './dispatchPreview.ts';
export { openLiveSession, type LiveSession } from './liveSession.ts';
export { composeTurn, TurnRefused, type ProviderCall, type PackagedResult, type TurnOptions } from './composeTurn.ts';
export { scenarios, findScenario, EXERCISE_SCENARIO_IDS } from './scenarios.ts';
export { parseScenario, SCENARIO_FORMAT, type Scenario } from './scenario.ts';
export { parseTrustedContext, TrustedContextError, type TrustedContext } from './trustedContext.ts';
export { parseStrictJson, decodeUtf8Strict, STRICT_JSON_LIMITS, type JsonParseError } from './strictJson.ts';
export type { JsonValue } from './jsonValue.ts';
export { VIOLATION_CODES, type Violation, type ViolationCode } from './violation.ts';
export { describeParams, RULES, type ViolationParams, type Rule, type SchemaIssue } from './violationParams.ts';
export { normalizeKey, deniedKeyKind } from './denyList.ts';
export type { ModelResult } from './modelResult.ts';
export { DIGEST_NAMES, type DigestName, type ProtectedAudit, type Package } from './protectedAudit.ts';
// SPEC 8: the model's turn (issue 12).
export { assembleTurn, createTurnAssembler, isTurnProvider, StreamTextRefused, TURN_PROVIDERS, type TurnEvents } from './assembleTurn.ts';
export { createOpenAITurnAssembler } from './openaiTurnAssembler.ts';
export { createAnthropicTurnAssembler } from './anthropicTurnAssembler.ts';
export { createGeminiTurnAssembler } from './geminiTurnAssembler.ts';
export { readTurnStream, type StreamEvent, type StreamLayout, type StreamRead, type StreamTextError } from './turnStream.ts';
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
} from './turn.ts';
export { describeTurn, describeTurnText, segmentsText, type RefusalParams, type Segment, type TurnNoteParams, type TurnProblemParams, type TurnWordsParams } from './turnParams.ts';
export { REPLAY_DROPS, type ReplayDrop } from './replayDrops.ts';
export { parseTurnContext, TurnContextSchema, type TurnContext } from './turnContext.ts';
export { boundResponseId, gateCall, gateTurn, TurnInputError, type GatedCall, type GateVerdict } from './inputGate.ts';
export { dispatchTurn, type DispatchedCall } from './dispatchTurn.ts';
export { continueTurn, type Continuation, type ContinuationBody, type ContinuationMode, type ContinuationOptions, type ContinuationRefused } from './continueTurn.ts';
export { runTurn, type TurnReport } from './runTurn.ts';
export { turnFixtures, findTurnFixture, isHealthyFixture, TURN_FIXTURE_FORMAT, type TurnFixture } from './turnFixtures.ts';
