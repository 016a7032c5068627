/**
 * The recursive deny-list (docs/contract.md#deny-list) of credential and control keys. Keys are
 * normalized before matching so that `Api-Key`, `api_key`, `ＡＰＩ＿ＫＥＹ`
 * (full-width), `api key`, `tоken` (a Cyrillic о) and `tókén` are all the
 * same key: a handler cannot pass a credential through by spelling it differently.
 */
import { walkUntrusted } from '../json/untrusted.ts';
import { latinSkeleton } from './confusables.ts';

/** NFKC, accents off, look-alike letters to Latin, lower case, then only letters and digits remain. */
export function normalizeKey(key: string): string {
  // NFKC leaves ASCII as it is: most member names skip the (costly) normalization. A test holds both paths equal.
  // Literals here, not module-level /g regexes: a global regex carries lastIndex from one call to the next.
  if (/^\p{ASCII}*$/u.test(key)) return key.toLowerCase().replace(/[^a-z0-9]/g, '');
  // NFKD is NFKC's folding with each accent split from its letter (the accent is then dropped as a
  // non-letter). The look-alike table holds both cases, and runs again after lower-casing: a capital it
  // does not list (Armenian Ս) can lower-case into a letter it does (ս).
  return latinSkeleton(latinSkeleton(key.normalize('NFKD')).toLowerCase()).replace(/[^\p{L}\p{N}]/gu, '');
}

const CREDENTIAL_PARTS = ['token', 'secret', 'password', 'passwd', 'cookie', 'apikey', 'authorization', 'privatekey'];
const CONTROL_KEYS: readonly string[] = Object.freeze([
  'session',
  'sessionid',
  'callid',
  'operationid',
  'responseid',
  'idempotencykey',
  'tenant',
  'tenantid',
  'subject',
  'subjectid',
  'principal',
  'principalref',
  'receipt',
  'receiptref',
  'statusref',
  'requestref',
]);

/**
 * `credential`: a secret that must never reach a model; `control`: audit or
 * control-plane material (ids, receipts, digests). Both are denied; the split
 * only lets validation name a leak of audit material `AUDIT_LEAK` (docs/contract.md#no-audit-material).
 */
export type DeniedKind = 'credential' | 'control';

export function deniedKeyKind(key: string): DeniedKind | null {
  const k = normalizeKey(key);
  return CREDENTIAL_PARTS.some((part) => k.includes(part))
    ? 'credential'
    : k.endsWith('sha256') || CONTROL_KEYS.includes(k)
      ? 'control'
      : null;
}

export interface DeniedKey {
  path: string;
  key: string;
  kind: DeniedKind;
}

/**
 * Every denied key at any depth, including inside arrays of objects, in document order. The value
 * is untrusted: the one walk of such values reads it (json/untrusted.ts: no getter runs, a cycle is
 * not followed, the walk is bounded).
 */
export function findDeniedKeys(value: unknown, basePath: string): DeniedKey[] {
  const found: DeniedKey[] = [];
  walkUntrusted(value, basePath, {
    name(key, at) {
      const kind = deniedKeyKind(key);
      if (kind !== null) found.push({ path: at.pointer(), key, kind });
    },
  });
  return found;
}
