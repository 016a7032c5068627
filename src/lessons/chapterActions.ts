/**
 * The learner's actions in the chapter track (docs/scenarios.md#the-chapter-track), run by the core's real checks
 * over the packages the learner wrote and sealed. Each returns what the checks answered and, when that
 * demonstrates a part of a proof, the step to record, the same steps as the handler-output track
 * (./exerciseProofs.ts). Swapping two sealed results and replacing only the key are that track's own actions
 * (./exerciseActions.ts), run here on the learner's hand-written packages. Nothing counts over fewer than the
 * packages it speaks of: a scan needs all five sealed and something in them to look for.
 */
import { canonicalize, isObject, parseStrictJson } from '#lib/core/json/index.ts';
import { validateResultDetailed, type Package, type ValidationDetails } from '#lib/core/result/index.ts';
import { chapterTools } from '../chapter/index.ts';
import { businessChanges, payloadOf, projectionLeaks } from './exercise.ts';
import { demonstrates, injectionOf, SLOT_COUNT, type ProofStep } from './exerciseProofs.ts';
import type { InjectStep, Sealed } from './exerciseActions.ts';

const codesOf = (r: ValidationDetails): string[] => [...new Set(r.violations.map((v) => v.code))];
const ifShown = (step: ProofStep): ProofStep | null => (demonstrates(step) ? step : null);
const sealedSlots = (sealed: readonly (Sealed | null)[]) =>
  sealed.flatMap((s, i) => (s === null ? [] : [{ s, slot: i + 1 }]));

/** The audit's values that correlate the call with the provider and the downstream system: never the model's. */
function correlations(pkg: Package): string[] {
  const a = pkg.protected_audit;
  return [
    a.provider_context.response_id,
    a.provider_context.call_id,
    a.operation.operation_id,
    a.operation.idempotency_key,
    a.downstream.request_ref,
    a.downstream.receipt_ref,
    a.downstream.status_ref,
  ].filter((v): v is string => v !== null && v !== '');
}

export interface ProjectionScan {
  slot: number;
  /** How many values were looked for in the model_result. */
  checks: number;
  /** What of them the model_result holds (empty: none). */
  found: string[];
  principalRef: boolean;
  correlations: number;
}

/**
 * Proof 1 over the learner's sealed packages: each model_result searched for the principal, its reference, the
 * receipt and every provider or downstream correlation its audit carries. Shown only when all five are sealed,
 * at least one audit carries a principal reference and at least one a correlation, and no projection holds any.
 */
export function scanWrittenProjections(sealed: readonly (Sealed | null)[]): {
  results: ProjectionScan[];
  step: ProofStep | null;
} {
  const results = sealedSlots(sealed).map(({ s, slot }) => {
    const base = projectionLeaks(s.pkg, s.trusted);
    const text = canonicalize(s.pkg.model_result);
    const ids = correlations(s.pkg);
    const found = [...base.found, ...ids.filter((v) => text.includes(v)).map((v) => `contains ${JSON.stringify(v)}`)];
    return {
      slot,
      checks: base.checks + ids.length,
      found,
      principalRef: /^pr_[0-9a-f]{64}$/.test(s.pkg.protected_audit.principal_ref),
      correlations: ids.length,
    };
  });
  const carried = results.some((r) => r.principalRef) && results.some((r) => r.correlations > 0);
  const clean = results.every((r) => r.found.length === 0);
  const step =
    carried && clean && results.length === SLOT_COUNT
      ? ifShown({ step: 'scan_projection', slots: results.map((r) => r.slot) })
      : null;
  return { results, step };
}

/** A model_result as businessChanges reads it: data and error kept only when they are objects. */
function businessView(v: unknown): Package['model_result'] | null {
  if (!isObject(v)) return null;
  const data = isObject(v.data) ? v.data : null;
  const error = isObject(v.error) ? v.error : null;
  return { ...v, data, error } as unknown as Package['model_result'];
}

/** Codes a changed model_result under its sealed audit is refused with when the change touched only the result. */
const DIGEST_ONLY = new Set(['RESULT_DIGEST_MISMATCH', 'CALL_BINDING_MISMATCH']);

export interface WrittenEdit {
  /** The learner's current model_result under the sealed protected_audit, for the sealed call. */
  report: ValidationDetails;
  /** The business fields (pointers) that differ from the sealed model_result. */
  changed: string[];
  /** The sealed and the recomputed result digest. */
  sealedDigest: string;
  recomputedDigest: string | null;
  /** Proof 2's step (a business field changed, refused for its digest and nothing else). */
  edit: ProofStep | null;
  /** Proof 4's steps: each injection found in the model_result and refused with its code at its place. */
  injections: InjectStep[];
}

/**
 * The learner's current model_result text of a sealed case, presented with the audit that was sealed. A business
 * field changed shows proof 2 when the only refusals are the digests' (the result is otherwise a valid one); a
 * member injected into data shows its part of proof 4 when the core refuses that very member. Null: the text
 * does not parse, or nothing in it differs from what was sealed.
 */
export function presentWrittenEdit(sealed: Sealed, modelText: string, slot: number): WrittenEdit | null {
  const p = parseStrictJson(modelText);
  if (!p.ok || canonicalize(p.value) === canonicalize(sealed.pkg.model_result)) return null;
  const pkg = { model_result: p.value, protected_audit: sealed.pkg.protected_audit };
  const report = validateResultDetailed(pkg, sealed.trusted, chapterTools);
  const view = businessView(p.value);
  const changed = view === null ? [] : businessChanges(sealed.pkg.model_result, view);
  const codes = codesOf(report);
  const edit =
    changed.length > 0 && codes.every((c) => DIGEST_ONLY.has(c))
      ? ifShown({ step: 'edit_sealed', slot, path: changed[0] as string, codes })
      : null;
  const denied = report.violations.filter((v) => v.code === 'SENSITIVE_FIELD').map((v) => v.path);
  const injections: InjectStep[] = [];
  for (const v of report.violations) {
    if (!v.path.startsWith('/model_result/')) continue;
    const path = v.path.slice('/model_result'.length);
    const kind = injectionOf(v.code, path, v.params.kind === 'unexpected_member');
    if (kind === null || injections.some((f) => f.injection === kind)) continue;
    // A member the contract does not list that only carries a denied key is the token's carrier, not a field of its own.
    if (kind === 'extra' && denied.some((d) => d.startsWith(`${v.path}/`))) continue;
    const step: InjectStep = { step: 'inject', slot, injection: kind, code: v.code, path };
    if (demonstrates(step)) injections.push(step);
  }
  return {
    report,
    changed,
    sealedDigest: sealed.pkg.protected_audit.binding.result_sha256,
    recomputedDigest: report.recomputed.result_sha256 ?? null,
    edit,
    injections,
  };
}

export interface PayloadScan {
  slot: number;
  provider: string;
  /** The payload the call's own adapter built from the learner's package (null: refused). */
  item: unknown;
  leaked: string | null;
  refused: boolean;
  /** How many audit values were searched for in it. */
  checked: number;
}

/**
 * Proof 5 over the learner's sealed packages: each one's provider payload, built by the adapter of its own call
 * (the audit binds that call), searched for protected_audit and its values. Shown when all five are sealed and
 * every payload was built and holds none of what was searched for.
 */
export function scanWrittenPayloads(sealed: readonly (Sealed | null)[]): {
  results: PayloadScan[];
  step: ProofStep | null;
} {
  const results = sealedSlots(sealed).map(({ s, slot }) => ({
    slot,
    provider: s.trusted.call.provider,
    ...payloadOf(s.pkg, s.trusted),
  }));
  const clean = results.every((r) => !r.refused && r.leaked === null && r.checked > 1);
  const step =
    clean && results.length === SLOT_COUNT
      ? ifShown({ step: 'scan_payloads', slots: results.map((r) => r.slot), payloads: results.length })
      : null;
  return { results, step };
}
