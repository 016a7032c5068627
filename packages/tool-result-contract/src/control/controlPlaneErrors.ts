/**
 * The plane's typed errors: a configuration it cannot run with, a call it
 * cannot bind, an approval it will not give, a database its store cannot
 * use. Each names the place, so the caller's own code is what the message
 * points at.
 */
import { ToolResultContractError } from '../core/json/index.ts';

/**
 * `createControlPlane` refused its options: `at` names the option, the message what is wrong with it.
 *
 * @example
 * ```ts
 * try {
 *   createControlPlane({ dispatcher, store: memoryStore(), runtimes, authorize, policy: { max_attempts: 0 } });
 * } catch (e) {
 *   if (e instanceof ControlPlaneConfigError) console.error(e.at, e.message); // policy.max_attempts: must be at least 1
 * }
 * ```
 */
export class ControlPlaneConfigError extends ToolResultContractError {
  override readonly name = 'ControlPlaneConfigError';
  readonly code = 'CONTROL_PLANE_CONFIG_INVALID';
  constructor(
    /** Where: `runtimes.issue_refund`, `policy.lease_ms`, `store`. */
    readonly at: string,
    reason: string,
  ) {
    super(`${at} ${reason}`);
  }
}

/**
 * A call whose trusted context is malformed (the caller's bug, not the model's): nothing ran, nothing was recorded.
 *
 * @example
 * ```ts
 * try {
 *   await plane.execute(call);
 * } catch (e) {
 *   if (e instanceof PlaneCallError) console.error(e.issues.map((i) => `${i.path}: ${i.message}`));
 * }
 * ```
 */
export class PlaneCallError extends ToolResultContractError {
  override readonly name = 'PlaneCallError';
  readonly code = 'PLANE_CALL_INVALID';
  constructor(readonly issues: readonly { path: string; message: string }[]) {
    super(`the call is not a valid trusted context: ${issues.map((i) => `${i.path || '/'} ${i.message}`).join('; ')}`);
  }
}

/** Why `approve` refused: each reason's message says what to do next. */
export type ApprovalRefusal =
  'not_issued' | 'expired' | 'malformed' | 'store_unavailable' | 'self_approval' | 'requester_unknown';

const REFUSALS: Readonly<Record<ApprovalRefusal, string>> = {
  not_issued: 'this plane issued no such preview',
  expired: 'the preview has expired: execute the call again for a new one',
  malformed: 'the preview or the approver is malformed',
  store_unavailable:
    'the store failed or did not answer within policy.deadline_ms: nothing was approved; approve the preview again',
  self_approval:
    "the approver is the principal the call was made as: the agent's own principal cannot approve the call it " +
    'asked for; another person must approve it (policy.self_approval: true allows it)',
  requester_unknown:
    'the preview was stored before the plane kept who asked for it, so it cannot tell the approver from the ' +
    'requester: execute the call again for a new preview',
};

/**
 * `approve` refused: a preview this plane did not issue, one that has expired,
 * the call's own principal as its approver, or a store that did not answer.
 *
 * @example
 * ```ts
 * const why = (e: unknown) => (e instanceof ApprovalRefusedError ? e.reason : null); // 'expired', 'self_approval', …
 * ```
 */
export class ApprovalRefusedError extends ToolResultContractError {
  override readonly name = 'ApprovalRefusedError';
  readonly code = 'APPROVAL_REFUSED';
  constructor(readonly reason: ApprovalRefusal) {
    super(REFUSALS[reason]);
  }
}

/**
 * `sqlStore(db, { migrate: false })` found a database that lacks a migration
 * this code needs (docs/control-stores.md#migrations): nothing was applied,
 * nothing was read further.
 *
 * @example
 * ```ts
 * try {
 *   await sqlStore(db, { migrate: false });
 * } catch (e) {
 *   if (e instanceof SqlSchemaBehindError) console.error(`apply migration ${e.missing_version} (SQL_MIGRATIONS)`);
 * }
 * ```
 */
export class SqlSchemaBehindError extends ToolResultContractError {
  override readonly name = 'SqlSchemaBehindError';
  readonly code = 'SQL_SCHEMA_BEHIND';
  constructor(
    /** Where: `<schema>.trc_schema_versions`, the table that records the migrations applied there. */
    readonly at: string,
    /** The first migration it lacks. */
    readonly missing_version: number,
    missing_name: string,
    /** The versions it records. */
    readonly versions: readonly number[],
  ) {
    super(
      `${at} lacks migration ${missing_version} (${missing_name}); it records ` +
        `${versions.length === 0 ? 'none' : versions.join(', ')}. sqlStore(db, { migrate: false }) applies nothing: ` +
        'open it once with sqlStore(db), or apply SQL_MIGRATIONS from that version on',
    );
  }
}
