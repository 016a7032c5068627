/**
 * The plane's typed errors: a configuration it cannot run with, a call it
 * cannot bind, an approval it will not give. Each names the place, so the
 * caller's own code is what the message points at.
 */
export class ControlPlaneConfigError extends Error {
  override readonly name = 'ControlPlaneConfigError';
  constructor(
    /** Where: `runtimes.issue_refund`, `policy.lease_ms`, `store`. */
    readonly at: string,
    reason: string,
  ) {
    super(`${at} ${reason}`);
  }
}

/** A call whose trusted context is malformed (the caller's bug, not the model's): nothing ran, nothing was recorded. */
export class PlaneCallError extends Error {
  override readonly name = 'PlaneCallError';
  constructor(readonly issues: readonly { path: string; message: string }[]) {
    super(`the call is not a valid trusted context: ${issues.map((i) => `${i.path || '/'} ${i.message}`).join('; ')}`);
  }
}

/** `approve` refused: a preview this plane did not issue, one that has expired, or a store that did not answer. */
export class ApprovalRefusedError extends Error {
  override readonly name = 'ApprovalRefusedError';
  constructor(readonly reason: 'not_issued' | 'expired' | 'malformed' | 'store_unavailable') {
    super(
      reason === 'not_issued'
        ? 'this plane issued no such preview'
        : reason === 'expired'
          ? 'the preview has expired: execute the call again for a new one'
          : reason === 'store_unavailable'
            ? 'the store failed or did not answer within policy.deadline_ms: nothing was approved; approve the preview again'
            : 'the preview or the approver is malformed',
    );
  }
}

/**
 * @deprecated Renamed ApprovalRefusedError; this alias goes in the next major release.
 * @alias knip: a deprecated name, the same value as its new one on purpose.
 */
export const ApprovalRefused = ApprovalRefusedError;
/**
 * @deprecated Renamed ApprovalRefusedError; this alias goes in the next major release.
 * @alias knip: a deprecated name, the same value as its new one on purpose.
 */
export type ApprovalRefused = ApprovalRefusedError;
