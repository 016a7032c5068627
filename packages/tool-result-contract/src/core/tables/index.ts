/**
 * The door of src/core/tables: The contract's trusted tables: the tool registry (and defineTool), the error catalog, the deny-list, the provider adapters, the violation codes and their words.
 * Code outside src/core imports this folder through this file only (eslint.config.js, no-restricted-imports).
 */
export {
  type CatalogEntry,
  type Effect,
  ERROR_CATALOG,
  type ErrorCategory,
  type ErrorCode,
  isErrorCode,
  type Outcome,
  type Recovery,
  RETRY_AFTER_MS,
} from './errorCatalog.ts';
export { deniedKeyKind, normalizeKey } from './denyList.ts';
export {
  type AnthropicToolResult,
  findAdapter,
  type GeminiFunctionResult,
  type LastHopName,
  type McpCallToolResult,
  type OpenAIFunctionCallOutput,
  PROVIDER_ADAPTERS,
  type ProviderItem,
  type ProviderName,
} from './providerAdapters.ts';
export {
  type EchoField,
  type McpBinding,
  findTool,
  RESULT_LIMITS,
  type ToolRegistry,
  type ToolRevisions,
  type ToolSpec,
} from './registry.ts';
export { defineTool, ToolSpecError } from './defineTool.ts';
export type { ContextIssue } from './contextIssues.ts';
export { checkSchema } from './zodIssues.ts';
// From the modules themselves, not the words' door: the first page runs these and not the turn's words.
export { describeParams } from '../messages/locales/enViolation.ts';
export {
  type McpDefinitionState,
  type Rule,
  RULES,
  type SchemaIssue,
  type ViolationParams,
  type ViolationParamsKind,
} from '../messages/violationParams.ts';
export { type Violation, VIOLATION_CODES, type ViolationCode } from './violation.ts';
