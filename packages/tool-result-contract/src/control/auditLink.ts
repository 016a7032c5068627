/**
 * How one audit entry is linked to the one before it
 * (docs/audit-log.md#the-chain): `entry_sha256` over every member but the
 * two chain members, then `chain_sha256` over the seq, the time, the previous
 * link and that digest. HMAC-SHA-256 with the audit key in keyed mode, as the
 * result's digests are, so that whoever can write the store but holds no key
 * cannot rebuild the chain.
 */
import { H, type AuditKey } from '../core/result/index.ts';
import type { AuditDraft, ChainLink } from './store.ts';

export const AUDIT_PURPOSES = {
  entry: 'tool-audit-entry/v1',
  chain: 'tool-audit-chain/v1',
  checkpoint: 'tool-audit-checkpoint/v1',
} as const;

// The key the result's digests take, one type for both, so a caller's key fits the audit log and principalRef alike.
export type { AuditKey };

export function entrySha256(draft: AuditDraft, seq: number, key: AuditKey): string {
  const entry = { seq, at: draft.at, protected_audit: draft.protected_audit, attempts: draft.attempts };
  return H(AUDIT_PURPOSES.entry, { entry }, key);
}

export function chainSha256(draft: AuditDraft, seq: number, prev_chain_sha256: string, key: AuditKey): string {
  const entry_sha256 = entrySha256(draft, seq, key);
  return H(AUDIT_PURPOSES.chain, { seq, at: draft.at, prev_chain_sha256, entry_sha256 }, key);
}

/** The link function a store calls while it appends, bound to the plane's key. */
export function chainLinkFor(key: AuditKey): ChainLink {
  return (draft, seq, prev) => chainSha256(draft, seq, prev, key);
}
