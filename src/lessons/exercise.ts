/**
 * The hands-on exercise (docs/scenarios.md#the-exercise): five `search_kb` results (hits, empty, no
 * access, rate limited, truncated), each with its own protected_audit, and
 * the app's own exhaustive checks of the five proofs over whatever the
 * learner has made of them (every field, every swap). They are tests and a
 * note beside the learner's proofs, never the learner's proof itself (that
 * is ./exerciseProofs.ts). A proof that had nothing to check says so
 * (`vacuous`) instead of passing.
 */
import { isObject } from '#lib/core/json/index.ts';
import { canonicalize } from '#lib/core/json/index.ts';
import { resultDigest } from '#lib/core/result/index.ts';
import { escapePointerSegment } from '#lib/core/json/index.ts';
import { project } from '#lib/core/result/index.ts';
import type { Package } from '#lib/core/result/index.ts';
import { PROVIDER_ADAPTERS } from '#lib/core/tables/index.ts';
import { withProvider } from '#lib/core/lastHop/index.ts';
import { payloadAuditSearch, toProviderItem } from '#lib/core/lastHop/index.ts';
import { parseTrustedContext, type TrustedContext } from '#lib/core/result/index.ts';
import { validateResult } from '#lib/core/result/index.ts';
import type { ProofId } from './exerciseProofs.ts';
import { EXERCISE_KINDS, showsKind, type ExerciseKind } from './exerciseKinds.ts';
import { chapterTools } from '../chapter/index.ts';

export interface ExerciseItem {
  handler_output: unknown;
  context: TrustedContext;
}

// The five kinds and what each asks for are in ./exerciseKinds.ts, apart from the exhaustive checks below: the page's
// verdict on the open result reads them on its first load (../ui/shell/problemSubject.ts).
export { EXERCISE_KINDS, showsKind, type ExerciseKind } from './exerciseKinds.ts';

export interface ProofResult {
  id: ProofId;
  verdict: 'holds' | 'fails' | 'vacuous';
  /** How many concrete checks were made. */
  checks: number;
  /** What failed, in English, each naming the result (1–5) it concerns. */
  failures: string[];
}

export interface ExerciseReport {
  /** Per result: does it show what its slot asks for? */
  results: { kind: ExerciseKind; pkg: Package | null; shows: boolean; problem: string | null }[];
  proofs: ProofResult[];
  holding: number;
}

const clone = <T>(v: T): T => structuredClone(v);

/** Every leaf of a value with its pointer, for "change any business field". */
function leaves(v: unknown, path: string, out: { path: string; value: unknown }[]): void {
  if (Array.isArray(v)) v.forEach((c, i) => leaves(c, `${path}/${i}`, out));
  else if (isObject(v)) for (const k of Object.keys(v)) leaves(v[k], `${path}/${escapePointerSegment(k)}`, out);
  else out.push({ path, value: v });
}

function setAt(root: unknown, path: string, value: unknown): void {
  const parts = path
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let cur = root as Record<string, unknown>;
  for (const p of parts.slice(0, -1)) cur = cur[p] as Record<string, unknown>;
  cur[parts[parts.length - 1] as string] = value;
}

const mutate = (v: unknown): unknown =>
  typeof v === 'string' ? `${v}x` : typeof v === 'number' ? v + 1 : typeof v === 'boolean' ? !v : 'x';

/**
 * `items[i]` is the result for slot `EXERCISE_KINDS[i]`; a null item (text
 * that does not parse, say) leaves its slot unshown and out of the proofs.
 */
export function checkExercise(items: readonly (ExerciseItem | null)[]): ExerciseReport {
  const packages: ({ pkg: Package; trusted: TrustedContext } | null)[] = items.map((it) => {
    if (it === null) return null;
    const t = parseTrustedContext(it.context);
    return t.ok ? { pkg: project(it.handler_output, t.value, chapterTools), trusted: t.value } : null;
  });
  const results = EXERCISE_KINDS.map((kind, i) => {
    const p = packages[i] ?? null;
    if (p === null)
      return {
        kind,
        pkg: null,
        shows: false,
        problem:
          items[i] === null || items[i] === undefined
            ? `result ${i + 1} is missing`
            : `result ${i + 1}: the trusted context is not valid`,
      };
    const ok = showsKind(kind, p.pkg.model_result);
    return { kind, pkg: p.pkg, shows: ok, problem: ok ? null : `result ${i + 1} does not show ${kind}` };
  });
  const live = packages.flatMap((p, i) => (p === null ? [] : [{ ...p, raw: items[i]?.handler_output, n: i + 1 }]));
  const proofs = [
    proofNoPrincipal(live),
    proofBusinessChange(live),
    proofSwap(live),
    proofInjections(live),
    proofPayloads(live),
  ];
  return { results, proofs, holding: proofs.filter((p) => p.verdict === 'holds').length };
}

type Live = { pkg: Package; trusted: TrustedContext; raw: unknown; n: number }[];
const verdict = (id: ProofId, checks: number, failures: string[]): ProofResult => ({
  id,
  checks,
  failures,
  verdict: failures.length > 0 ? 'fails' : checks === 0 ? 'vacuous' : 'holds',
});

/** What of the principal or a receipt one package's model projection shows (empty: none), and how many things were looked for. */
export function projectionLeaks(pkg: Package, trusted: TrustedContext): { checks: number; found: string[] } {
  const text = canonicalize(pkg.model_result);
  const a = pkg.protected_audit;
  const secrets = [
    trusted.principal.tenant,
    trusted.principal.subject,
    a.principal_ref,
    a.downstream.receipt_ref,
  ].filter((v): v is string => v !== null);
  const found = secrets.filter((s) => text.includes(s)).map((s) => `contains ${JSON.stringify(s)}`);
  if (/"(tenant|subject|principal_ref|receipt_ref)"/.test(text)) found.push('has a principal or receipt member');
  return { checks: secrets.length + 1, found };
}

/** 1. The model projection holds no principal and no internal receipt. */
function proofNoPrincipal(live: Live): ProofResult {
  const failures: string[] = [];
  let checks = 0;
  for (const { pkg, trusted, n } of live) {
    const r = projectionLeaks(pkg, trusted);
    checks += r.checks;
    failures.push(...r.found.map((f) => `result ${n}: model_result ${f}`));
  }
  return verdict('no_principal_or_receipt', checks, failures);
}

/** 2. Changing any business field changes result_sha256. */
function proofBusinessChange(live: Live): ProofResult {
  const failures: string[] = [];
  let checks = 0;
  for (const { pkg, trusted, n } of live) {
    const mr = pkg.model_result;
    const fields: { path: string; value: unknown }[] = [];
    if (mr.data !== null) leaves(mr.data, '/data', fields);
    if (mr.error !== null && mr.error.retry_after_ms !== null)
      fields.push({ path: '/error/retry_after_ms', value: mr.error.retry_after_ms });
    const before = pkg.protected_audit.binding.result_sha256;
    for (const f of fields) {
      checks++;
      const changed = clone(mr);
      setAt(changed, f.path, mutate(f.value));
      if (resultDigest(changed, trusted.key) === before)
        failures.push(`result ${n}: changing ${f.path} left result_sha256 unchanged`);
    }
  }
  return verdict('business_change_changes_result', checks, failures);
}

/** 3. Swapping two calls' projections, or replacing only the idempotency key, breaks call_binding_sha256. */
function proofSwap(live: Live): ProofResult {
  const failures: string[] = [];
  let checks = 0;
  const breaksBinding = (pkg: Package, trusted: TrustedContext) =>
    validateResult(pkg, trusted, chapterTools).violations.some((v) => v.code === 'CALL_BINDING_MISMATCH');
  for (const a of live) {
    for (const b of live) {
      if (a === b) continue;
      // B's model_result in A's package, and A's whole package presented for call B.
      const swapped = clone(a.pkg);
      swapped.model_result = clone(b.pkg.model_result);
      if (canonicalize(swapped.model_result) !== canonicalize(a.pkg.model_result)) {
        checks++;
        if (!breaksBinding(swapped, a.trusted))
          failures.push(`result ${b.n}'s model_result verifies inside result ${a.n}'s package`);
      }
      checks++;
      if (!breaksBinding(a.pkg, b.trusted)) failures.push(`result ${a.n}'s package verifies for call ${b.n}`);
    }
    const key = `${a.trusted.call.idempotency_key}-other`;
    const t: TrustedContext = { ...a.trusted, call: { ...a.trusted.call, idempotency_key: key } };
    const moved = clone(a.pkg);
    moved.protected_audit.operation.idempotency_key = key;
    const report = validateResult(moved, t, chapterTools);
    checks++;
    if (!report.violations.some((v) => v.code === 'CALL_BINDING_MISMATCH'))
      failures.push(`result ${a.n}: a new idempotency key alone still verifies`);
    if (report.violations.some((v) => v.code === 'REQUEST_DIGEST_MISMATCH'))
      failures.push(`result ${a.n}: a new idempotency key changed the request digest`);
  }
  return verdict('swap_or_key_breaks_binding', checks, failures);
}

/** 4. An injected top-level status, a nested token, or an extra business field is rejected. */
function proofInjections(live: Live): ProofResult {
  const failures: string[] = [];
  let checks = 0;
  const injections: { name: string; code: string; edit: (d: Record<string, unknown>) => void }[] = [
    {
      name: 'a top-level status in data',
      code: 'DATA_SCHEMA',
      edit: (d) => {
        d.status = 'succeeded';
      },
    },
    {
      name: 'a nested token',
      code: 'SENSITIVE_FIELD',
      edit: (d) => {
        const hit = Array.isArray(d.hits) && isObject(d.hits[0]) ? d.hits[0] : null;
        if (hit !== null) hit.token = 'tok_live_0123456789';
        else d.meta = { token: 'tok_live_0123456789' };
      },
    },
    {
      name: 'an extra business field',
      code: 'DATA_SCHEMA',
      edit: (d) => {
        d.internal_note = 'not in the contract';
      },
    },
  ];
  for (const { pkg, trusted, raw, n } of live) {
    if (pkg.model_result.status !== 'succeeded' || !isObject(raw) || !isObject(raw.data)) continue;
    for (const inj of injections) {
      checks++;
      const edited = clone(raw) as Record<string, unknown>;
      inj.edit(edited.data as Record<string, unknown>);
      const out = project(edited, trusted, chapterTools);
      const rejected =
        out.model_result.error?.code === 'OUTPUT_CONTRACT_VIOLATION' &&
        out.protected_audit.violations.some((v) => v.code === inj.code);
      if (!rejected) failures.push(`result ${n}: ${inj.name} was not rejected with ${inj.code}`);
    }
  }
  return verdict('injections_rejected', checks, failures);
}

/** One package through every registered adapter (re-projected for the other providers, as the dispatcher would have made it): what each payload leaks, if anything. */
export function payloadScan(
  pkg: Package,
  trusted: TrustedContext,
  raw: unknown,
): { provider: string; title: string; leaked: string | null; refused: boolean }[] {
  return PROVIDER_ADAPTERS.map((adapter) => {
    const t = withProvider(trusted, adapter.provider);
    const p = t.call.provider === trusted.call.provider ? pkg : project(raw, t, chapterTools);
    return { provider: adapter.provider, title: adapter.title, ...payloadOf(p, t) };
  });
}

/** A package's payload for its own call's adapter, searched for protected_audit and its values (refused: the adapter would not build it). */
export function payloadOf(
  pkg: Package,
  trusted: TrustedContext,
): { item: unknown; leaked: string | null; refused: boolean; checked: number } {
  let item: unknown;
  try {
    item = toProviderItem(pkg, trusted, chapterTools);
  } catch {
    return { item: null, leaked: null, refused: true, checked: 0 };
  }
  const search = payloadAuditSearch(item, pkg, trusted, chapterTools);
  return { item, leaked: search.found[0] ?? null, refused: false, checked: search.checked };
}

/** 5. No provider payload contains protected_audit (nor any of its values). */
function proofPayloads(live: Live): ProofResult {
  const failures: string[] = [];
  let checks = 0;
  for (const { pkg, trusted, raw, n } of live) {
    for (const r of payloadScan(pkg, trusted, raw)) {
      checks++;
      if (r.refused) failures.push(`result ${n}: the ${r.title} adapter refused its own package`);
      else if (r.leaked !== null)
        failures.push(`result ${n}: the ${r.title} payload contains ${JSON.stringify(r.leaked)}`);
    }
  }
  return verdict('no_audit_in_payloads', checks, failures);
}

/** The business fields (data leaves, retry_after_ms) that differ between two model results, as pointers. */
export function businessChanges(before: Package['model_result'], after: Package['model_result']): string[] {
  const fields = (mr: Package['model_result']): Map<string, string> => {
    const out: { path: string; value: unknown }[] = [];
    if (mr.data !== null) leaves(mr.data, '/data', out);
    if (mr.error !== null && mr.error.retry_after_ms !== null)
      out.push({ path: '/error/retry_after_ms', value: mr.error.retry_after_ms });
    return new Map(out.map((f) => [f.path, JSON.stringify(f.value)]));
  };
  const a = fields(before);
  const b = fields(after);
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k));
}
