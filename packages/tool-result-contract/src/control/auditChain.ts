/**
 * Checking an audit log (docs/audit-log.md#verify): every link is recomputed
 * from the entries themselves, so a stored chain digest is only ever compared,
 * never believed. The verdict names the first seq that does not hold and a
 * stable reason (docs/audit-log.md#reason-codes). Malformed input of any kind
 * is a verdict, never an exception: a log under suspicion is exactly the input
 * a verifier cannot assume to be well formed.
 */
import { constantTimeEqual } from '../core/json/index.ts';
import { H } from '../core/result/index.ts';
import { AUDIT_PURPOSES, chainSha256, type AuditKey } from './auditLink.ts';
import { GENESIS_CHAIN_SHA256, type AuditDraft, type AuditHead } from './store.ts';

/** What an operator keeps outside the store (docs/audit-log.md#checkpoint). */
export interface Checkpoint {
  size: number;
  head_chain_sha256: string;
  at: string;
  /** The audit key's id in keyed mode; null in plain mode. */
  key_id: string | null;
  /** H(tool-audit-checkpoint/v1, {size, head_chain_sha256, at}) under the key; null in plain mode. */
  tag: string | null;
}

/**
 * docs/audit-log.md#reason-codes: the set is closed, so a caller can switch on it.
 *
 * @example
 * ```ts
 * const verdict = verifyAuditChain(await plane.auditEntries());
 * const reasonIndex = verdict.broken === null ? -1 : AUDIT_BREAK_REASONS.indexOf(verdict.broken.reason); // a table's row
 * ```
 */
export const AUDIT_BREAK_REASONS = [
  'KEY_MALFORMED',
  'CHECKPOINT_MALFORMED',
  'CHECKPOINT_TAG',
  'NOT_A_LIST',
  'MALFORMED_ENTRY',
  'SEQ_GAP',
  'SEQ_REPEATED',
  'PREV_MISMATCH',
  'CHAIN_MISMATCH',
  'SHORTER_THAN_CHECKPOINT',
  'CHECKPOINT_MISMATCH',
] as const;
export type AuditBreakReason = (typeof AUDIT_BREAK_REASONS)[number];

export interface AuditVerdict {
  ok: boolean;
  /** How many entries, from seq 1 on, were linked as their chain digests say. */
  checked: number;
  /** The first seq that does not hold (0: the key or the checkpoint itself), and why; null when the log holds. */
  broken: { seq: number; reason: AuditBreakReason } | null;
}

export interface VerifyOptions {
  key?: AuditKey;
  checkpoint?: Checkpoint;
}

const HEX64 = /^[0-9a-f]{64}$/;
const SECRET = /^(?:[0-9a-fA-F]{2}){32,}$/;
const ENTRY_MEMBERS = ['seq', 'at', 'protected_audit', 'attempts', 'prev_chain_sha256', 'chain_sha256'];
const CHECKPOINT_MEMBERS = ['size', 'head_chain_sha256', 'at', 'key_id', 'tag'];

/** The tag's preimage holds exactly these three: key_id is bound by the key itself, which only its holder has. */
function checkpointTag(size: number, head_chain_sha256: string, at: string, key: NonNullable<AuditKey>): string {
  return H(AUDIT_PURPOSES.checkpoint, { size, head_chain_sha256, at }, key);
}

/**
 * A checkpoint of the store's head at `at`. In plain mode it carries no tag:
 * its only protection is where the operator keeps it.
 *
 * @example
 * ```ts
 * const auditStore = memoryStore();
 * const checkpoint = makeCheckpoint(await auditStore.head(), new Date().toISOString());
 * // keep it apart from the store; verifyAuditChain(entries, { checkpoint }) then finds a log cut short
 * ```
 */
export function makeCheckpoint(head: AuditHead, at: string, key?: AuditKey): Checkpoint {
  const { size, head_chain_sha256 } = head;
  if (key === undefined) return { size, head_chain_sha256, at, key_id: null, tag: null };
  return { size, head_chain_sha256, at, key_id: key.id, tag: checkpointTag(size, head_chain_sha256, at, key) };
}

/** A JSON object as a store or a file gives it: no arrays, no class instances whose members a digest would not see. */
function isRecord(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

/** Exactly these members: a member the digest does not cover would otherwise ride along unnoticed. */
function hasExactly(x: Record<string, unknown>, members: readonly string[]): boolean {
  const keys = Object.keys(x);
  return keys.length === members.length && members.every((m) => Object.hasOwn(x, m));
}

type ReadEntry = AuditDraft & { seq: number; prev_chain_sha256: string; chain_sha256: string };

function readEntry(x: unknown): ReadEntry | null {
  if (!isRecord(x) || !hasExactly(x, ENTRY_MEMBERS)) return null;
  const { seq, at, protected_audit, attempts, prev_chain_sha256, chain_sha256 } = x;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) return null;
  if (typeof at !== 'string' || !isRecord(protected_audit) || !Array.isArray(attempts)) return null;
  if (typeof prev_chain_sha256 !== 'string' || typeof chain_sha256 !== 'string') return null;
  return x as unknown as ReadEntry;
}

function keyIsUsable(key: unknown): boolean {
  if (key === undefined) return true;
  if (!isRecord(key) || typeof key.id !== 'string' || key.id === '') return false;
  return typeof key.secret === 'string' && SECRET.test(key.secret);
}

/** Form and tag; the comparison with the log comes after the walk. */
function checkpointProblem(cp: unknown, key: AuditKey): AuditBreakReason | null {
  if (!isRecord(cp) || !hasExactly(cp, CHECKPOINT_MEMBERS)) return 'CHECKPOINT_MALFORMED';
  const { size, head_chain_sha256, at, key_id, tag } = cp;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return 'CHECKPOINT_MALFORMED';
  if (typeof head_chain_sha256 !== 'string' || !HEX64.test(head_chain_sha256) || typeof at !== 'string')
    return 'CHECKPOINT_MALFORMED';
  if (!(key_id === null || typeof key_id === 'string') || !(tag === null || typeof tag === 'string'))
    return 'CHECKPOINT_MALFORMED';
  // A mode that does not match is a tag that does not verify: a keyed verifier never accepts an untagged
  // checkpoint (anyone could write one), and a plain verifier cannot check a tag it holds no key for.
  if (key === undefined) return key_id === null && tag === null ? null : 'CHECKPOINT_TAG';
  if (key_id !== key.id || tag === null) return 'CHECKPOINT_TAG';
  return constantTimeEqual(tag, checkpointTag(size, head_chain_sha256, at, key)) ? null : 'CHECKPOINT_TAG';
}

const verdict = (checked: number, seq: number, reason: AuditBreakReason): AuditVerdict => ({
  ok: false,
  checked,
  broken: { seq, reason },
});

/**
 * Walks the log from seq 1. Returns the chain digests it recomputed (index i:
 * seq i + 1), up to the first entry that breaks.
 */
function walk(entries: readonly unknown[], key: AuditKey): { heads: string[]; broken: AuditVerdict['broken'] } {
  const heads: string[] = [];
  let prev = GENESIS_CHAIN_SHA256;
  for (let i = 0; i < entries.length; i++) {
    const expected = i + 1;
    const e = readEntry(entries[i]);
    if (e === null) return { heads, broken: { seq: expected, reason: 'MALFORMED_ENTRY' } };
    // The position decides the seq: a greater one means the expected entry is missing, a smaller one was seen already.
    if (e.seq > expected) return { heads, broken: { seq: expected, reason: 'SEQ_GAP' } };
    if (e.seq < expected) return { heads, broken: { seq: expected, reason: 'SEQ_REPEATED' } };
    if (!constantTimeEqual(e.prev_chain_sha256, prev))
      return { heads, broken: { seq: expected, reason: 'PREV_MISMATCH' } };
    let chain: string;
    try {
      // The recomputed link of the entry before, not its stored one, goes into this link.
      chain = chainSha256(e, e.seq, prev, key);
    } catch {
      // Content that cannot be canonically encoded (a lone surrogate, a non-finite number) was never linked by a plane.
      return { heads, broken: { seq: expected, reason: 'MALFORMED_ENTRY' } };
    }
    if (!constantTimeEqual(e.chain_sha256, chain))
      return { heads, broken: { seq: expected, reason: 'CHAIN_MISMATCH' } };
    heads.push(chain);
    prev = chain;
  }
  return { heads, broken: null };
}

/**
 * docs/audit-log.md#verify. Never throws.
 *
 * @example
 * ```ts
 * const verdict = verifyAuditChain(await plane.auditEntries());
 * if (!verdict.ok) console.error(verdict.broken); // { seq, reason }: the first entry that does not hold
 * ```
 */
export function verifyAuditChain(entries: unknown, options: VerifyOptions = {}): AuditVerdict {
  try {
    return verify(entries, options);
  } catch {
    // Defence in depth: a getter or proxy in the input that throws is still a verdict.
    return verdict(0, 1, 'MALFORMED_ENTRY');
  }
}

function verify(entries: unknown, options: VerifyOptions): AuditVerdict {
  const opts: Partial<VerifyOptions> = isRecord(options) ? options : {};
  const key = opts.key;
  if (!keyIsUsable(key)) return verdict(0, 0, 'KEY_MALFORMED');
  const cp = opts.checkpoint;
  if (cp !== undefined) {
    const problem = checkpointProblem(cp, key);
    if (problem !== null) return verdict(0, 0, problem);
  }
  if (!Array.isArray(entries)) return verdict(0, 1, 'NOT_A_LIST');
  const { heads, broken } = walk(entries, key);
  const checked = heads.length;
  if (cp !== undefined) {
    if (cp.size <= checked) {
      const head = cp.size === 0 ? GENESIS_CHAIN_SHA256 : (heads[cp.size - 1] as string);
      // A log that links but disagrees with the checkpoint was rewritten at or before its size: which entry, only the
      // checkpoint's own entry can be named.
      if (!constantTimeEqual(head, cp.head_chain_sha256)) return verdict(checked, cp.size, 'CHECKPOINT_MISMATCH');
    } else if (broken === null) {
      return verdict(checked, entries.length + 1, 'SHORTER_THAN_CHECKPOINT');
    }
  }
  if (broken !== null) return { ok: false, checked, broken };
  return { ok: true, checked, broken: null };
}
