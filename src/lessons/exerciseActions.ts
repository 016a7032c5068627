/**
 * The learner's actions in the exercise (docs/decisions.md#the-exercises-proofs), run by the real checks:
 * seal a result, then present an edit, a swap, a new idempotency key or an
 * injection, or scan the sealed results. Each returns what the checks said
 * and, when that demonstrates a proof, the step to record (./exerciseProofs.ts).
 * A presented package is checked exactly as the attack lab checks one
 * (attacks.ts `checkPresented`).
 */
import { canonicalize } from '#lib/core/json/index.ts';
import { isObject } from '#lib/core/json/index.ts';
import { project, projectDetailed } from '#lib/core/result/index.ts';
import type { Package } from '#lib/core/result/index.ts';
import type { TrustedContext } from '#lib/core/result/index.ts';
import type { ValidationDetails } from '#lib/core/result/index.ts';
import { checkPresented, withReplacedKey } from './attacks.ts';
import { businessChanges, payloadScan, projectionLeaks } from './exercise.ts';
import { demonstrates, injectionOf, type InjectionKind, type ProofStep } from './exerciseProofs.ts';
import { chapterTools } from '../chapter/index.ts';

/** A sealed result: its package as stored, the call it answered, and the handler output it was made from. */
export interface Sealed {
  pkg: Package;
  trusted: TrustedContext;
  raw: unknown;
}

export function seal(raw: unknown, trusted: TrustedContext): Sealed {
  return { pkg: project(raw, trusted, chapterTools), trusted, raw };
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

/** A new idempotency key typed into the trusted context of a sealed result, and whether it shows proof 3's part. */
export interface KeyChange {
  /** True when the key alone changed: the step was recorded. */
  counted: boolean;
  /** What else changed beside the key (pointers into the handler output or the trusted context): why it does not count. */
  others: string[];
  /** The handler output as typed is itself refused (its codes): the presented package would be refused for that too. */
  refusedCodes: string[];
}

/**
 * The learner's current text of a sealed result, presented against what was
 * stored: the live model projection under the stored protected_audit, for the
 * call as the trusted context now describes it. A change of a business field
 * shows proof 2 only while the text still keeps its contract: a refused text
 * withholds all of data, which is no field the learner changed.
 */
export function presentEdit(
  sealed: Sealed,
  raw: unknown,
  trusted: TrustedContext,
  slot: number,
): {
  presented: Presented;
  changed: string[];
  refusedCodes: string[];
  keyChange: KeyChange | null;
  step: ProofStep | null;
} {
  const live = project(raw, trusted, chapterTools);
  const pkg: Package = { model_result: live.model_result, protected_audit: sealed.pkg.protected_audit };
  const report = checkPresented(pkg, trusted);
  const refusedCodes = [...new Set(live.protected_audit.violations.map((v) => v.code))];
  const changed = refusedCodes.length > 0 ? [] : businessChanges(sealed.pkg.model_result, live.model_result);
  const contextChanged = contextChanges(sealed.trusted, trusted);
  const keyChanged = contextChanged.includes(KEY_POINTER);
  const onlyKey = keyChanged && contextChanged.length === 1 && changed.length === 0 && refusedCodes.length === 0;
  const step =
    changed.length > 0
      ? ifShown({ step: 'edit_sealed', slot, path: changed[0] as string, codes: codesOf(report) })
      : onlyKey
        ? ifShown({ step: 'replace_key', slot, codes: codesOf(report) })
        : null;
  const keyChange: KeyChange | null = keyChanged
    ? {
        counted: onlyKey && step !== null,
        others: [...changed, ...contextChanged.filter((p) => p !== KEY_POINTER)],
        refusedCodes,
      }
    : null;
  return { presented: { pkg, trusted, report }, changed, refusedCodes, keyChange, step };
}

const KEY_POINTER = '/call/idempotency_key';

/** The members of the trusted context that differ (the call's and the principal's one by one), as pointers. */
function contextChanges(before: TrustedContext, after: TrustedContext): string[] {
  const out: string[] = [];
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  for (const k of [...new Set([...Object.keys(b), ...Object.keys(a)])]) {
    const x = b[k];
    const y = a[k];
    if ((k === 'call' || k === 'principal') && isObject(x) && isObject(y)) {
      for (const m of [...new Set([...Object.keys(x), ...Object.keys(y)])])
        if (canonicalize(x[m] ?? null) !== canonicalize(y[m] ?? null)) out.push(`/${k}/${m}`);
    } else if (canonicalize(x ?? null) !== canonicalize(y ?? null)) out.push(`/${k}`);
  }
  return out;
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

/** What an injection button writes, and where: one member added to one object of the handler output's data. */
export interface InjectionEdit {
  kind: InjectionKind;
  /** The object it goes into (a JSON Pointer into the handler output). */
  into: string;
  member: string;
  value: string;
}

/**
 * The member each button adds (A8–A10 as the chapter names them): a status at the top of data, posing as the
 * result's own; a token nested in the first hit (in data itself when there is no hit); a field the contract does
 * not list. Null when the output has no success data to add it to.
 */
export function injectionEdit(kind: InjectionKind, raw: unknown): InjectionEdit | null {
  if (!isObject(raw) || raw.kind !== 'success' || !isObject(raw.data)) return null;
  switch (kind) {
    case 'status':
      return { kind, into: '/data', member: 'status', value: 'succeeded' };
    case 'token': {
      const hits = raw.data.hits;
      const nested = Array.isArray(hits) && isObject(hits[0]);
      return { kind, into: nested ? '/data/hits/0' : '/data', member: 'token', value: 'tok_live_0123456789' };
    }
    case 'extra':
      return { kind, into: '/data', member: 'internal_note', value: 'VIP customer, margin 42%' };
  }
}

/** The handler output with the edit's member added (a copy). */
function applyInjection(edit: InjectionEdit, raw: unknown): unknown {
  const out = structuredClone(raw);
  let target: unknown = out;
  for (const seg of edit.into.split('/').slice(1)) {
    const key = seg.replace(/~1/g, '/').replace(/~0/g, '~');
    target = Array.isArray(target) ? target[Number(key)] : isObject(target) ? target[key] : undefined;
  }
  if (isObject(target)) target[edit.member] = edit.value;
  return out;
}

/** One injection found in a handler output: the step it shows, refused with its code at its path. */
export type InjectStep = Extract<ProofStep, { step: 'inject' }>;

/**
 * The injections a handler output carries, each as the dispatcher refused it (the learner's own text or what a
 * button wrote): the refusal must be the contract error, and each violation is read by its code and place. A
 * member the contract does not list that only holds a denied key is the token's carrier, not a field of its own.
 */
export function injectionsIn(raw: unknown, trusted: TrustedContext, slot: number): InjectStep[] {
  const { pkg, violations } = projectDetailed(raw, trusted, chapterTools);
  if (pkg.model_result.error?.code !== 'OUTPUT_CONTRACT_VIOLATION') return [];
  const denied = violations.filter((v) => v.code === 'SENSITIVE_FIELD').map((v) => v.path);
  const found: InjectStep[] = [];
  for (const v of violations) {
    const unexpected = v.params.kind === 'unexpected_member';
    const kind = injectionOf(v.code, v.path, unexpected);
    if (kind === null || found.some((f) => f.injection === kind)) continue;
    if (kind === 'extra' && denied.some((d) => d.startsWith(`${v.path}/`))) continue;
    found.push({ step: 'inject', slot, injection: kind, code: v.code, path: v.path });
  }
  return found.filter(demonstrates);
}

/** The handler output with one injection added, through the dispatcher (A8–A10). Null when the output has no data to inject into. */
export function inject(
  kind: InjectionKind,
  raw: unknown,
  trusted: TrustedContext,
  slot: number,
): { edit: InjectionEdit; after: unknown; pkg: Package; codes: string[]; step: InjectStep | null } | null {
  const edit = injectionEdit(kind, raw);
  if (edit === null) return null;
  const after = applyInjection(edit, raw);
  const pkg = project(after, trusted, chapterTools);
  const codes: string[] = [...new Set(pkg.protected_audit.violations.map((v) => v.code))];
  const step = injectionsIn(after, trusted, slot).find((s) => s.injection === kind) ?? null;
  return { edit, after, pkg, codes, step };
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
