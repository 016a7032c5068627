/**
 * Approval (docs/control-plane.md#approval): a call that needs a person is
 * answered APPROVAL_REQUIRED with a preview; the preview is stored by its
 * digest only (never its arguments), with the reference of the principal the
 * call was made as. `approve` turns a preview this plane issued into an
 * approval for that one request digest, given by someone other than that
 * principal (four eyes) unless the policy allows self-approval, and the claim
 * uses it up. Another digest, an expired or a used approval is
 * APPROVAL_INVALID. `pendingApproval` finds a preview by its request digest,
 * so that a caller can resume a paused call from the plane's own state.
 */
import { H } from '../core/result/index.ts';
import { iso } from './attemptLog.ts';
import { raceDeadline } from './deadlineRace.ts';
import { ApprovalRefusedError } from './controlPlaneErrors.ts';
import type { Approval, PendingApproval, PlaneState, Preview, Principal } from './planeTypes.ts';
import type { HeldArgument } from './argumentProvenance.ts';

const PREVIEW_PURPOSE = 'tool-approval-preview/v1';

/** What a person was shown is what the digest covers: the provenance too, when the preview names one. */
const previewDigest = (s: PlaneState, p: Preview): string =>
  H(
    PREVIEW_PURPOSE,
    {
      request_sha256: p.request_sha256,
      tool: p.tool,
      arguments: p.arguments,
      expires_at: p.expires_at,
      ...(p.provenance === undefined ? {} : { provenance: p.provenance }),
    },
    s.key,
  );

export async function issuePreview(
  s: PlaneState,
  tool: string,
  args: unknown,
  request_sha256: string,
  now: number,
  held: readonly HeldArgument[] = [],
): Promise<Preview> {
  const expires = now + s.policy.approval_ttl_ms;
  const preview: Preview = {
    request_sha256,
    tool,
    arguments: structuredClone(args),
    expires_at: iso(expires),
    ...(held.length === 0 ? {} : { provenance: structuredClone([...held]) }),
  };
  // Without the caller's reference the preview is kept as one whose requester is unknown: approve then refuses it.
  const requester_ref = s.requester_ref ?? null;
  await s.store.savePreview({
    preview_sha256: previewDigest(s, preview),
    request_sha256,
    tool,
    expires_at: expires,
    requester_ref,
  });
  return preview;
}

export type ApprovalVerdict = { kind: 'none' } | { kind: 'invalid' } | { kind: 'valid'; approval_id: string };

export async function checkApproval(
  s: PlaneState,
  given: unknown,
  request_sha256: string,
  now: number,
): Promise<ApprovalVerdict> {
  if (given === undefined || given === null) return { kind: 'none' };
  const id = typeof given === 'object' ? (given as { approval_id?: unknown }).approval_id : undefined;
  if (typeof id !== 'string') return { kind: 'invalid' };
  const stored = await s.store.readApproval(id);
  if (stored === null || stored.used || stored.expires_at_ms <= now || stored.request_sha256 !== request_sha256)
    return { kind: 'invalid' };
  return { kind: 'valid', approval_id: id };
}

export async function approve(s: PlaneState, preview: unknown, approver: unknown): Promise<Approval> {
  if (!isPreview(preview) || !isPrincipal(approver)) throw new ApprovalRefusedError('malformed');
  const now = s.clock.now();
  let digest: string;
  try {
    digest = previewDigest(s, preview);
  } catch {
    throw new ApprovalRefusedError('malformed');
  }
  // approve has no call of its own: the policy's deadline bounds it, as it bounds an execute.
  const deadline = now + s.policy.deadline_ms;
  const stored = await bounded(s, deadline, () => s.store.readPreview(digest));
  if (stored === null) throw new ApprovalRefusedError('not_issued');
  if (stored.expires_at <= now) throw new ApprovalRefusedError('expired');
  const approver_ref = s.principalRefOf(approver);
  // Four eyes: the references are compared, so in keyed mode as in plain mode one principal is one reference.
  if (!s.policy.self_approval) {
    if (stored.requester_ref === null) throw new ApprovalRefusedError('requester_unknown');
    if (stored.requester_ref === approver_ref) throw new ApprovalRefusedError('self_approval');
  }
  const expires = now + s.policy.approval_ttl_ms;
  const approval: Approval = {
    approval_id: `ap_${s.token()}`,
    request_sha256: stored.request_sha256,
    tool: stored.tool,
    approver_ref,
    expires_at: iso(expires),
  };
  // Saved or not, an approval whose id never reached the caller can be used by no one: refusing loses nothing.
  await bounded(s, deadline, () => s.store.saveApproval({ ...approval, expires_at_ms: expires, used: false }));
  return approval;
}

/**
 * The preview issued for this request digest that is still unexpired (the last
 * issued, when there are several), as the store keeps it: its request digest,
 * tool and expiry. The arguments are never stored, so they are not here: the
 * caller that paused the call holds them, and `approve` checks them against the
 * preview's digest. Null when there is none.
 */
export async function pendingApproval(s: PlaneState, request_sha256: unknown): Promise<PendingApproval | null> {
  if (typeof request_sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(request_sha256))
    throw new TypeError('pendingApproval: request_sha256 must be a request digest, 64 lowercase hex characters');
  const now = s.clock.now();
  const found = await raceDeadline(s.clock, s.policy.deadline_ms, () => s.store.pendingPreview(request_sha256, now));
  if (found.kind !== 'value')
    throw new Error('pendingApproval: the store failed or did not answer within policy.deadline_ms');
  const p = found.value;
  return p === null ? null : { request_sha256: p.request_sha256, tool: p.tool, expires_at: iso(p.expires_at) };
}

/** A store call raced against approve's deadline: a store that fails or does not answer is a refusal, never a hang. */
async function bounded<T>(s: PlaneState, deadline: number, op: () => Promise<T>): Promise<T> {
  const r = await raceDeadline(s.clock, Math.max(1, deadline - s.clock.now()), op);
  if (r.kind !== 'value') throw new ApprovalRefusedError('store_unavailable');
  return r.value;
}

function isPreview(v: unknown): v is Preview {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  return (
    typeof p.request_sha256 === 'string' &&
    typeof p.tool === 'string' &&
    typeof p.expires_at === 'string' &&
    Object.hasOwn(p, 'arguments')
  );
}

function isPrincipal(v: unknown): v is Principal {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  return typeof p.tenant === 'string' && p.tenant.length > 0 && typeof p.subject === 'string' && p.subject.length > 0;
}
