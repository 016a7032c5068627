/**
 * `tool-result-contract/control`: the control plane that executes the error catalog's recovery protocol
 * (docs/control-plane.md) — idempotency records, status queries, retries within deadline and budget, approvals,
 * argument provenance — its stores (docs/control-stores.md: memory, PGlite, PostgreSQL) and its hash-chained audit
 * log (docs/audit-log.md). The SQL drivers are the caller's, passed in.
 *
 * Every name of the control plane's own door is public: that folder is the library's alone, so its door is this
 * subpath, not a second list kept beside it. What it exports is held by api/tool-result-contract.api.md.
 */
export * from '../control/index.ts';
// The parts of the records the plane keeps and a store persists (an execution's package, its model_result and
// protected_audit, how it was delivered) and of the catalog whose recovery it executes: a store implementer or an
// auditor names them. They are the root's records' parts; the root's 40 names leave them to this subpath.
export { REDACTION_REASONS } from '../core/result/index.ts';
export type {
  Bindings,
  Delivery,
  ModelError,
  Redaction,
  RedactionReason,
  ResultStatus,
  ToolContractRef,
} from '../core/result/index.ts';
export type { EchoField, Effect, ErrorCategory, Outcome, Recovery } from '../core/tables/index.ts';
