/**
 * The per-tool output checks (docs/contract.md#output-checks) on `data`, shared by the projector (on a
 * handler's raw output) and the validator (on a stored package), so the two
 * can never disagree about what the contract allows.
 */
import { findDeniedKeys } from '../tables/denyList.ts';
import { PointerSet } from '../json/longKeys.ts';
import { walkUntrusted } from '../json/untrusted.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import { RESULT_LIMITS, type ToolSpec } from '../tables/registry.ts';
import type { ViolationList } from '../tables/violation.ts';
import { addZodIssues, checkSchema } from '../tables/zodIssues.ts';
import { foldUnwrapped, leakForms, unwrapped as unwrappedReading, type LeakForm } from './leakForms.ts';

/**
 * The pointer of the first container (in document order) nested deeper than `limit`, where `value`
 * sits at `baseDepth` (a scalar is 0, `{}` is 1), or null. The value is untrusted: the one walk
 * of such values reads it (json/untrusted.ts).
 */
export function firstTooDeep(value: unknown, basePath: string, baseDepth: number, limit: number): string | null {
  let found: string | null = null;
  walkUntrusted(value, basePath, {
    value(v, at, depth) {
      if (found === null && v !== null && typeof v === 'object' && baseDepth + depth - 1 > limit) found = at.pointer();
    },
  });
  return found;
}

export type CheckMode = 'projection' | 'validation';

/**
 * Checks `data` at `basePath` against the tool's exact contract. In
 * `projection` every denied key is SENSITIVE_FIELD (docs/contract.md#deny-list); in `validation`
 * a denied control key inside a stored model_result is audit material that
 * leaked (AUDIT_LEAK, docs/contract.md#no-audit-material) and a credential stays SENSITIVE_FIELD.
 * Returns a fresh copy of data when its shape is right, else null.
 * `denied`: the denied keys' paths when the caller's own scan of the whole
 * output has reported them already (each scan of the data is then one, not two).
 */
export function checkToolData(
  spec: ToolSpec,
  data: unknown,
  args: Record<string, unknown> | null,
  basePath: string,
  out: ViolationList,
  mode: CheckMode,
  reported?: PointerSet,
): Record<string, unknown> | null {
  // data sits at depth 2 of model_result (depth 1).
  const deep = firstTooDeep(data, basePath, 2, RESULT_LIMITS.maxDepth);
  if (deep !== null) {
    out.add('DEPTH_LIMIT', deep, { kind: 'too_deep', limit: RESULT_LIMITS.maxDepth });
    return null;
  }
  // Before the exact shape, so a credential is named SENSITIVE_FIELD and not merely an unknown member.
  let denied: PointerSet;
  if (reported !== undefined) denied = reported;
  else {
    const found = new PointerSet();
    for (const d of findDeniedKeys(data, basePath)) {
      found.add(d.path);
      const code = mode === 'validation' && d.kind === 'control' ? 'AUDIT_LEAK' : 'SENSITIVE_FIELD';
      out.add(code, d.path, { kind: 'denied_key', key: d.key, list: d.kind });
    }
    denied = found;
  }
  const parsed = checkSchema(spec.output, data);
  if (!parsed.success) {
    addZodIssues(out, parsed.error, basePath, 'DATA_SCHEMA', (p) => (denied.covers(p) ? null : 'DATA_SCHEMA'));
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  if (args !== null) {
    for (const echo of spec.echo) {
      const got = record[echo.output];
      if (typeof got === 'string' && got !== args[echo.input]) {
        out.add('INPUT_BINDING', `${basePath}/${echo.output}`, {
          kind: 'echo_mismatch',
          member: echo.output,
          input: echo.input,
          expected: (args[echo.input] ?? null) as JsonValue,
        });
      }
    }
    if (spec.list !== undefined) {
      const items = record[spec.list.member];
      const max = args[spec.list.maxFrom];
      if (Array.isArray(items) && typeof max === 'number' && items.length > max) {
        out.add('DATA_SCHEMA', `${basePath}/${spec.list.member}/${max}`, {
          kind: 'too_many_items',
          member: spec.list.member,
          count: items.length,
          limit: max,
          limitFrom: spec.list.maxFrom,
        });
      }
    }
  }
  // zod's output is a fresh copy: a model_result built from it shares nothing with the handler's object.
  return parsed.success ? (parsed.data as Record<string, unknown>) : null;
}

/** Finds which audit value, if any, a string contains. */
export type NeedleFinder = (s: string) => string | undefined;

/**
 * The needles of docs/contract.md#no-audit-material: the call's audit values of 8 characters or more
 * (shorter ones would match by chance), each in the forms of docs/contract.md#encoded-copies
 * (leakForms.ts), searched in the reading of the string each form belongs to. One regular
 * expression per reading, so each string is scanned once per reading for all of them; which
 * value it was is asked only on a hit. No /g flag: test() must not carry lastIndex between strings.
 */
export function needleFinder(auditValues: readonly string[]): NeedleFinder {
  const forms = auditValues.filter((s) => s.length >= 8).flatMap(leakForms);
  const of = (reading: LeakForm['reading']) => forms.filter((f) => f.reading === reading);
  const literal = of('literal');
  const unwrapped = of('unwrapped');
  const folded = of('folded');
  const anyLiteral = anyOf(literal.map((f) => f.form));
  const anyUnwrapped = anyOf(unwrapped.map((f) => f.form));
  const anyFolded = anyOf(folded.map((f) => f.form));
  const find = (list: readonly LeakForm[], s: string) => list.find((f) => s.includes(f.form))?.value;
  // Most strings a result holds are printable ASCII without a `%`: their unwrapped reading is themselves, so the
  // literal and the unwrapped forms are searched in one pass, and the folded ones in their lower case.
  const literalOrUnwrapped = [...literal, ...unwrapped];
  const anyPlain = anyOf(literalOrUnwrapped.map((f) => f.form));
  return (s) => {
    if (PLAIN.test(s)) {
      if (anyPlain.test(s)) return find(literalOrUnwrapped, s);
      const lower = s.toLowerCase();
      return anyFolded.test(lower) ? find(folded, lower) : undefined;
    }
    if (anyLiteral.test(s)) return find(literal, s);
    const u = unwrappedReading(s);
    if (anyUnwrapped.test(u)) return find(unwrapped, u);
    const f = foldUnwrapped(u);
    return anyFolded.test(f) ? find(folded, f) : undefined;
  };
}

/**
 * Printable ASCII without a `%`: a string whose unwrapped reading (NFKC, no invisible characters, no
 * percent-escapes) is itself, and whose folded reading is its lower case.
 */
const PLAIN = /^[\x20-\x24\x26-\x7e]*$/;

/** One regular expression matching any of the needles literally (none: matches nothing). */
export function anyOf(needles: readonly string[], flags = ''): RegExp {
  return needles.length === 0
    ? /(?!)/
    : new RegExp(needles.map((n) => n.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')).join('|'), flags);
}

/** One place where a value holds audit material: a string containing a needle, or a member name that does. */
export interface AuditLeak {
  path: string;
  /** The audit value found. */
  needle: string;
  /** True when the member name at `path` holds it, not the value there. */
  name: boolean;
}

/**
 * The AUDIT_LEAK rule of docs/contract.md: no string and no member name may
 * contain one of the call's audit values (see {@link needleFinder}). Both
 * sides run it over a whole model_result: the validator on a stored one, the
 * projector on the one it is about to return, so that it never returns one
 * the validator refuses.
 */
export function auditLeaks(value: unknown, basePath: string, leak: NeedleFinder): AuditLeak[] {
  const found: AuditLeak[] = [];
  // The one walk of untrusted values (json/untrusted.ts): a stored package is no more trusted than a handler's output.
  walkUntrusted(value, basePath, {
    name(k, at) {
      const hit = leak(k);
      if (hit !== undefined) found.push({ path: at.pointer(), needle: hit, name: true });
    },
    value(v, at) {
      const hit = typeof v === 'string' ? leak(v) : undefined;
      if (hit !== undefined) found.push({ path: at.pointer(), needle: hit, name: false });
    },
  });
  return found;
}

/** A leak as the violation both sides report. */
export function addAuditLeak(out: ViolationList, path: string, hit: AuditLeak): void {
  if (hit.name) out.add('AUDIT_LEAK', path, { kind: 'audit_material_in_name' });
  else out.add('AUDIT_LEAK', path, { kind: 'audit_material', length: hit.needle.length });
}

/** {@link auditLeaks}, each reported where it was found. */
export function checkAuditLeaks(value: unknown, basePath: string, leak: NeedleFinder, out: ViolationList): void {
  for (const hit of auditLeaks(value, basePath, leak)) addAuditLeak(out, hit.path, hit);
}

/**
 * The one provenance rule (docs/contract.md#model-result) of a success: the registry's source label
 * and producer revision. The projector leaves a value that is not a string to
 * the envelope's schema (`onlyStrings`); the validator reports any other value.
 */
export function checkRegistryProvenance(
  prov: Record<string, unknown>,
  spec: ToolSpec,
  path: string,
  out: ViolationList,
  onlyStrings: boolean,
): void {
  const expected = { source_label: spec.source_label, producer_revision: spec.revisions.producer_revision } as const;
  for (const field of ['source_label', 'producer_revision'] as const) {
    const got = prov[field];
    if (onlyStrings && typeof got !== 'string') continue;
    if (got !== expected[field])
      out.add('PROVENANCE_MISMATCH', `${path}/${field}`, {
        kind: 'expected_value',
        field,
        expected: expected[field],
        source: 'registry',
      });
  }
}
