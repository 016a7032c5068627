/**
 * The door of src/control (package subpath `tool-result-contract/control`):
 * the control plane that executes the error catalog's recovery protocol
 * (docs/control-plane.md), its stores (docs/control-stores.md) and its audit
 * log (docs/audit-log.md). It stands beside the core and imports only the
 * core's doors; the SQL drivers are the caller's, passed in.
 */
export {
  createControlPlane,
  type ControlPlane,
  type ControlPlaneOptions,
  type ExecuteOptions,
  type PlaneTurnContext,
} from './controlPlane.ts';
export type { TrustedNote } from './provenanceNotes.ts';
export { normalizeValue, type HeldArgument } from './argumentProvenance.ts';
export { intentKey, type IntentKeyOptions } from './intentKey.ts';
export type {
  Approval,
  Authorize,
  Execution,
  PendingApproval,
  KeyedPlaneCall,
  PlaneCall,
  Preview,
  Principal,
} from './planeTypes.ts';
export type { RunContext, StatusAnswer, ToolRuntime } from './runtime.ts';
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
} from './typedRuntime.ts';
export { DEFAULT_POLICY, type Policy } from './policy.ts';
export { systemClock, virtualClock, type Clock, type VirtualClock } from './clock.ts';
export {
  ApprovalRefusedError,
  ControlPlaneConfigError,
  PlaneCallError,
  SqlSchemaBehindError,
  type ApprovalRefusal,
} from './controlPlaneErrors.ts';
export { memoryStore } from './memoryStore.ts';
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
  // What a store implementer's methods take and return (docs/control-stores.md): named so a store is typed by them.
  ChainLink,
  Claim,
  ClaimResult,
  RecordChange,
  StoredApproval,
  StoredPreview,
} from './store.ts';
export type { AuditKey } from './auditLink.ts';
export { makeCheckpoint, verifyAuditChain, type Checkpoint, type VerifyOptions } from './auditChain.ts';
export { AuditEntryUnreadableError, type AuditJsonMember } from './auditRead.ts';
export type { Attr, SpanLike, TracerLike } from './telemetry.ts';
export { sqlStore, type PgliteLike, type PoolLike, type SqlDatabase, type SqlStoreOptions } from './sqlStore.ts';
export { SQL_MIGRATIONS, type SqlMigration } from './sqlMigrations.ts';
export { AUDIT_BREAK_REASONS, type AuditBreakReason, type AuditVerdict } from './auditChain.ts';
export {
  FINDING_CODES,
  reconcileTranscript,
  type Finding,
  type FindingCode,
  type Reconciliation,
  type ReconcileInput,
} from './reconcileTranscript.ts';
