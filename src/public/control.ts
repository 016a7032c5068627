/**
 * `tool-result-contract/control`: the control plane that executes the error catalog's recovery protocol
 * (docs/control-plane.md) — idempotency records, status queries, retries within deadline and budget, approvals,
 * argument provenance — its stores (docs/control-stores.md: memory, PGlite, PostgreSQL) and its hash-chained audit
 * log (docs/audit-log.md). The SQL drivers are the caller's, passed in.
 */
export {
  createControlPlane,
  type ControlPlane,
  type ControlPlaneOptions,
  type ExecuteOptions,
  type PlaneTurnContext,
} from '../control/controlPlane.ts';
export type { TrustedNote } from '../control/provenanceNotes.ts';
export { normalizeValue, type HeldArgument } from '../control/argumentProvenance.ts';
export { intentKey, type IntentKeyOptions } from '../control/intentKey.ts';
export type {
  Approval,
  Authorize,
  Execution,
  PendingApproval,
  KeyedPlaneCall,
  PlaneCall,
  Preview,
  Principal,
} from '../control/planeTypes.ts';
export type { RunContext, StatusAnswer, ToolRuntime } from '../control/runtime.ts';
export {
  defineRuntime,
  failed,
  succeeded,
  type ArgsOf,
  type DataOf,
  type Downstream,
  type HandlerOutputOf,
  type Provenance,
  type StatusAnswerOf,
  type TypedRuntime,
} from '../control/typedRuntime.ts';
export { DEFAULT_POLICY, type Policy } from '../control/policy.ts';
export { systemClock, virtualClock, type Clock, type VirtualClock } from '../control/clock.ts';
export {
  ApprovalRefusedError,
  ControlPlaneConfigError,
  PlaneCallError,
  SqlSchemaBehindError,
  type ApprovalRefusal,
} from '../control/controlPlaneErrors.ts';
export { memoryStore } from '../control/memoryStore.ts';
export type {
  Attempt,
  AuditDraft,
  AuditEntry,
  AuditHead,
  IdempotencyRecord,
  ConversationScope,
  RecordScope,
  RecordState,
  SeenValue,
  Store,
} from '../control/store.ts';
export { makeCheckpoint, verifyAuditChain, type Checkpoint } from '../control/auditChain.ts';
export { AuditEntryUnreadableError, type AuditJsonMember } from '../control/auditRead.ts';
export type { SpanLike, TracerLike } from '../control/telemetry.ts';
export { sqlStore, type SqlDatabase, type SqlStoreOptions } from '../control/sqlStore.ts';
export { SQL_MIGRATIONS, type SqlMigration } from '../control/sqlMigrations.ts';
export { AUDIT_BREAK_REASONS, type AuditBreakReason, type AuditVerdict } from '../control/auditChain.ts';
export {
  FINDING_CODES,
  reconcileTranscript,
  type Finding,
  type FindingCode,
  type Reconciliation,
} from '../control/reconcileTranscript.ts';
