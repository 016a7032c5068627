/**
 * The recursive deny-list (docs/contract.md#deny-list) of credential and control keys. Keys are
 * normalized before matching so that `Api-Key`, `api_key`, `ＡＰＩ＿ＫＥＹ`
 * (full-width) and `api key` are all the same key: a handler cannot pass a
 * credential through by spelling it differently.
 */
/** NFKC, lower case, then only letters and digits remain. */
export function normalizeKey(key: string): string {
  // NFKC leaves ASCII as it is: most member names skip the (costly) normalization. A test holds both paths equal.
  // Literals here, not module-level /g regexes: a global regex carries lastIndex from one call to the next.
  if (/^\p{ASCII}*$/u.test(key)) return key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return key
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
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

/** Every denied key at any depth, including inside arrays of objects. */
export function findDeniedKeys(value: unknown, basePath: string, escape: (s: string) => string): DeniedKey[] {
  const found: DeniedKey[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: basePath }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop() as { value: unknown; path: string };
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        if (v[i] !== null && typeof v[i] === 'object') stack.push({ value: v[i], path: `${path}/${i}` });
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      const child = (v as Record<string, unknown>)[key];
      const kind = deniedKeyKind(key);
      const container = child !== null && typeof child === 'object';
      if (kind === null && !container) continue;
      const childPath = `${path}/${escape(key)}`;
      if (kind !== null) found.push({ path: childPath, key, kind });
      if (container) stack.push({ value: child, path: childPath });
    }
  }
  return found.reverse();
}
