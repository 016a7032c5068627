/**
 * The per-tool output checks (docs/contract.md#output-checks) on `data`, shared by the projector (on a
 * handler's raw output) and the validator (on a stored package), so the two
 * can never disagree about what the contract allows.
 */
import { findDeniedKeys } from '../tables/denyList.ts';
import { escapePointerSegment } from '../json/jsonPointer.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import { RESULT_LIMITS, type ToolSpec } from '../tables/registry.ts';
import type { ViolationList } from '../tables/violation.ts';
import { addZodIssues, checkSchema } from '../tables/zodIssues.ts';

/**
 * Deepest container nesting of a value (a scalar is 0, `{}` is 1), computed
 * without recursion; returns the pointer of the first container past `limit`.
 */
export function firstTooDeep(value: unknown, basePath: string, baseDepth: number, limit: number): string | null {
  // Paths are built for containers only: leaves cannot be too deep.
  const stack: { v: object; path: string; depth: number }[] = [];
  if (value !== null && typeof value === 'object') stack.push({ v: value, path: basePath, depth: baseDepth });
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop() as { v: object; path: string; depth: number };
    if (depth > limit) return path;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const c: unknown = v[i];
        if (c !== null && typeof c === 'object') stack.push({ v: c, path: `${path}/${i}`, depth: depth + 1 });
      }
    } else {
      for (const k of Object.keys(v)) {
        const c = (v as Record<string, unknown>)[k];
        if (c !== null && typeof c === 'object')
          stack.push({ v: c, path: `${path}/${escapePointerSegment(k)}`, depth: depth + 1 });
      }
    }
  }
  return null;
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
  reported?: ReadonlySet<string>,
): Record<string, unknown> | null {
  // data sits at depth 2 of model_result (depth 1).
  const deep = firstTooDeep(data, basePath, 2, RESULT_LIMITS.maxDepth);
  if (deep !== null) {
    out.add('DEPTH_LIMIT', deep, { kind: 'too_deep', limit: RESULT_LIMITS.maxDepth });
    return null;
  }
  // Before the exact shape, so a credential is named SENSITIVE_FIELD and not merely an unknown member.
  let denied: ReadonlySet<string>;
  if (reported !== undefined) denied = reported;
  else {
    const found = new Set<string>();
    for (const d of findDeniedKeys(data, basePath, escapePointerSegment)) {
      found.add(d.path);
      const code = mode === 'validation' && d.kind === 'control' ? 'AUDIT_LEAK' : 'SENSITIVE_FIELD';
      out.add(code, d.path, { kind: 'denied_key', key: d.key, list: d.kind });
    }
    denied = found;
  }
  const parsed = checkSchema(spec.output, data);
  if (!parsed.success) {
    addZodIssues(out, parsed.error, basePath, 'DATA_SCHEMA', (p) => (isUnder(p, denied) ? null : 'DATA_SCHEMA'));
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

const isUnder = (pointer: string, roots: ReadonlySet<string>): boolean => {
  for (const r of roots) if (pointer === r || pointer.startsWith(`${r}/`)) return true;
  return false;
};

/** Finds which audit value, if any, a string contains. */
export type NeedleFinder = (s: string) => string | undefined;

/**
 * The needles of docs/contract.md#no-audit-material: the call's audit values of 8 characters or more
 * (shorter ones would match by chance), in one regular expression, so each
 * string is scanned once for all of them; which needle it was is asked only
 * on a hit. No /g flag: test() must not carry lastIndex between strings.
 */
export function needleFinder(auditValues: readonly string[]): NeedleFinder {
  const needles = auditValues.filter((s) => s.length >= 8);
  const any = anyOf(needles);
  return (s) => (any.test(s) ? needles.find((n) => s.includes(n)) : undefined);
}

/** One regular expression matching any of the needles literally (none: matches nothing). */
export function anyOf(needles: readonly string[]): RegExp {
  return needles.length === 0
    ? /(?!)/
    : new RegExp(needles.map((n) => n.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')).join('|'));
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
  if (typeof value === 'string') {
    const hit = leak(value);
    if (hit !== undefined) found.push({ path: basePath, needle: hit, name: false });
    return found;
  }
  const stack: { v: object; path: string }[] =
    value !== null && typeof value === 'object' ? [{ v: value, path: basePath }] : [];
  while (stack.length > 0) {
    const { v, path } = stack.pop() as { v: object; path: string };
    const visit = (c: unknown, seg: () => string) => {
      if (typeof c === 'string') {
        const hit = leak(c);
        if (hit !== undefined) found.push({ path: `${path}/${seg()}`, needle: hit, name: false });
      } else if (c !== null && typeof c === 'object') stack.push({ v: c, path: `${path}/${seg()}` });
    };
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) visit(v[i], () => String(i));
    } else {
      for (const k of Object.keys(v)) {
        const hit = leak(k);
        if (hit !== undefined) found.push({ path: `${path}/${escapePointerSegment(k)}`, needle: hit, name: true });
        visit((v as Record<string, unknown>)[k], () => escapePointerSegment(k));
      }
    }
  }
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
