/**
 * The learner's actions in the exercise (issue 18), run by the real checks:
 * seal a result, then present an edit, a swap, a new idempotency key or an
 * injection, or scan the sealed results. Each returns what the checks said
 * and, when that demonstrates a proof, the step to record (./exerciseProofs.ts).
 * A presented package is checked exactly as the attack lab checks one
 * (attacks.ts `checkPresented`).
 */
import { canonicalize } from '../core/json/index.ts';
import { project } from '../core/result/index.ts';
import type { Package } from '../core/result/index.ts';
import type { TrustedContext } from '../core/result/index.ts';
import type { ValidationDetails } from '../core/result/index.ts';
import { checkPresented, injectIntoHandler, withReplacedKey } from './attacks.ts';
import { businessChanges, payloadScan, projectionLeaks } from './exercise.ts';
import { demonstrates, INJECTION_CODES, type InjectionKind, type ProofStep } from './exerciseProofs.ts';

/** A sealed result: its package as stored, the call it answered, and the handler output it was made from. */
export interface Sealed {
  pkg: Package;
  trusted: TrustedContext;
  raw: unknown;
}

export function seal(raw: unknown, trusted: TrustedContext): Sealed {
  return { pkg: project(raw, trusted), trusted, raw };
}

/** A package presented for a call, and the validator's answer. */
export interface Presented {
  pkg: Package;
  trusted: TrustedContext;
  report: ValidationDetails;
}

const codesOf = (r: ValidationDetails): string[] => [...new Set(r.violations.map((v) => v.code))];
/** The step, kept only when its outcome demonstrates the proof. */
const ifShown = (step: ProofStep): ProofStep | null => (demonstrates(step) ? step : null);

/**
 * The learner's current text of a sealed result, presented against what was
 * stored: the live model projection under the stored protected_audit, for the
 * call as the trusted context now describes it.
 */
export function presentEdit(
  sealed: Sealed,
  raw: unknown,
  trusted: TrustedContext,
  slot: number,
): { presented: Presented; changed: string[]; step: ProofStep | null } {
  const live = project(raw, trusted);
  const pkg: Package = { model_result: live.model_result, protected_audit: sealed.pkg.protected_audit };
  const report = checkPresented(pkg, trusted);
  const changed = businessChanges(sealed.pkg.model_result, live.model_result);
  const step =
    changed.length > 0
      ? ifShown({ step: 'edit_sealed', slot, path: changed[0] as string, codes: codesOf(report) })
      : onlyKeyChanged(sealed.trusted, trusted)
        ? ifShown({ step: 'replace_key', slot, codes: codesOf(report) })
        : null;
  return { presented: { pkg, trusted, report }, changed, step };
}

/** The learner replaced the call's idempotency key in the trusted context and changed nothing else. */
function onlyKeyChanged(before: TrustedContext, after: TrustedContext): boolean {
  if (before.call.idempotency_key === after.call.idempotency_key) return false;
  return (
    canonicalize({ ...after, call: { ...after.call, idempotency_key: before.call.idempotency_key } }) ===
    canonicalize(before)
  );
}

/** Sealed result a's projection presented under call b (in b's package), and b's under call a. */
export function swapResults(
  a: Sealed,
  b: Sealed,
  na: number,
  nb: number,
): { aUnderB: Presented; bUnderA: Presented; step: ProofStep | null } {
  const under = (x: Sealed, y: Sealed): Presented => {
    const pkg: Package = {
      model_result: structuredClone(x.pkg.model_result),
      protected_audit: structuredClone(y.pkg.protected_audit),
    };
    return { pkg, trusted: y.trusted, report: checkPresented(pkg, y.trusted) };
  };
  const aUnderB = under(a, b);
  const bUnderA = under(b, a);
  const both = [...codesOf(aUnderB.report), ...codesOf(bUnderA.report)];
  // Shown only when both directions are refused for the binding.
  const each =
    codesOf(aUnderB.report).includes('CALL_BINDING_MISMATCH') &&
    codesOf(bUnderA.report).includes('CALL_BINDING_MISMATCH');
  return { aUnderB, bUnderA, step: each ? ifShown({ step: 'swap', a: na, b: nb, codes: [...new Set(both)] }) : null };
}

/** The sealed package under a new idempotency key and nothing else (A3). */
export function replaceKey(s: Sealed, slot: number): { presented: Presented; step: ProofStep | null } {
  const moved = withReplacedKey(s.pkg, s.trusted);
  const report = checkPresented(moved.pkg, moved.trusted);
  return { presented: { ...moved, report }, step: ifShown({ step: 'replace_key', slot, codes: codesOf(report) }) };
}

const INJECTION_ATTACK = { status: 'A8', token: 'A9', extra: 'A10' } as const;

/** The handler output with one injection added, through the dispatcher (A8–A10). Null when the output has no data to inject into. */
export function inject(
  kind: InjectionKind,
  raw: unknown,
  trusted: TrustedContext,
  slot: number,
): { after: unknown; pkg: Package; codes: string[]; step: ProofStep | null } | null {
  const after = injectIntoHandler(INJECTION_ATTACK[kind], raw);
  if (JSON.stringify(after) === JSON.stringify(raw)) return null;
  const pkg = project(after, trusted);
  const codes: string[] = [...new Set(pkg.protected_audit.violations.map((v) => v.code))];
  const refused = pkg.model_result.error?.code === 'OUTPUT_CONTRACT_VIOLATION' && codes.includes(INJECTION_CODES[kind]);
  return {
    after,
    pkg,
    codes,
    step: refused ? ifShown({ step: 'inject', slot, injection: kind, code: INJECTION_CODES[kind] }) : null,
  };
}

/** Each sealed result's projection searched for the principal and the receipt. */
export function scanProjections(sealed: readonly (Sealed | null)[]): {
  results: { slot: number; checks: number; found: string[] }[];
  step: ProofStep | null;
} {
  const results = sealed.flatMap((s, i) => (s === null ? [] : [{ slot: i + 1, ...projectionLeaks(s.pkg, s.trusted) }]));
  const clean = results.every((r) => r.found.length === 0);
  return { results, step: clean ? ifShown({ step: 'scan_projection', slots: results.map((r) => r.slot) }) : null };
}

/** Every provider's payload of each sealed result, searched for protected_audit and its values. */
export function scanPayloads(sealed: readonly (Sealed | null)[]): {
  results: { slot: number; payloads: ReturnType<typeof payloadScan> }[];
  step: ProofStep | null;
} {
  const results = sealed.flatMap((s, i) =>
    s === null ? [] : [{ slot: i + 1, payloads: payloadScan(s.pkg, s.trusted, s.raw) }],
  );
  const all = results.flatMap((r) => r.payloads);
  const clean = all.every((p) => !p.refused && p.leaked === null);
  return {
    results,
    step: clean ? ifShown({ step: 'scan_payloads', slots: results.map((r) => r.slot), payloads: all.length }) : null,
  };
}
