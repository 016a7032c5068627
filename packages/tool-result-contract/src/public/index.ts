/**
 * The package's root, `tool-result-contract`: the contract a dispatcher enforces between a tool's handler and the
 * model (docs/contract.md). A tool is defined with its exact output contract; a handler's untrusted output is checked
 * against it and split into the `model_result` the model may read and the `protected_audit` it may not; the package is
 * validated again and serialized for a provider. The model's turn is `tool-result-contract/turn`, the control plane
 * `tool-result-contract/control`, MCP `tool-result-contract/mcp`, the words of every problem
 * `tool-result-contract/locales/en` and `/zh`, the frameworks `/ai-sdk`, `/langchain`, `/openai-agents`.
 *
 * This file is the decision of what the root exports (at most 40 names, held by scripts/api-report.mjs and the
 * report in api/): the folders' own index files are the project's internal doors.
 */
export {
  defineTool,
  ToolSpecError,
  findTool,
  type ToolSpec,
  type ToolRegistry,
  type ToolRevisions,
} from '../core/tables/index.ts';
export { createDispatcher, type Dispatcher } from '../core/dispatcher/index.ts';
export {
  project,
  validateResult,
  computeBindings,
  principalRef,
  resultJsonSchema,
  parseTrustedContext,
  TrustedContextError,
  type ModelResult,
  type ProtectedAudit,
  type Package,
  type TrustedContext,
  type ValidationReport,
  type DigestName,
} from '../core/result/index.ts';
export { toProviderItem, safeToProviderItem, AdapterRefusedError } from '../core/lastHop/index.ts';
export {
  ERROR_CATALOG,
  VIOLATION_CODES,
  PROVIDER_ADAPTERS,
  type ErrorCode,
  type CatalogEntry,
  type Violation,
  type ViolationCode,
  type ProviderName,
  type ProviderItem,
} from '../core/tables/index.ts';
export {
  ToolResultContractError,
  canonicalize,
  CanonicalizationError,
  parseStrictJson,
  sha256Hex,
  type JsonValue,
  type JsonParseError,
} from '../core/json/index.ts';
