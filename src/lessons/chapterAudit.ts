/**
 * One case of the chapter track checked as the core checks a stored package (docs/scenarios.md#the-chapter-track):
 * the learner's model_result and protected_audit, each parsed strictly, put together as a package and given to
 * `validateResultDetailed` with the case's trusted context. Beside the verdict, every audit field the core
 * recomputes is laid out as a row: what the app computed, from what, and what the learner wrote.
 */
import { isObject, parseStrictJson, type JsonParseError, type JsonValue } from '#lib/core/json/index.ts';
import {
  digestPreimages,
  principalRef,
  validateResultDetailed,
  type ModelResult,
  type Package,
  type TrustedContext,
  type ValidationDetails,
} from '#lib/core/result/index.ts';
import { findTool, type Violation } from '#lib/core/tables/index.ts';
import { chapterTools } from '../chapter/index.ts';
import { showsKind, type ExerciseKind } from './exercise.ts';

/** Where an expected value comes from: the trusted context's principal or call, the registry, the key, or a preimage. */
export type FieldSource = 'fixed' | 'principal' | 'call' | 'registry' | 'key' | 'preimage';

export interface FieldRow {
  /** Pointer into protected_audit. */
  path: string;
  /** The app's value; null where nothing could be computed (a result digest of a model_result that is not JSON). */
  expected: JsonValue;
  /** What the learner wrote there (undefined: nothing). */
  written: unknown;
  ok: boolean;
  from: FieldSource;
  /** For a digest: the exact text hashed, so it can be recomputed elsewhere. */
  preimage: string | null;
}

export interface WrittenCase {
  modelParse: JsonParseError | null;
  auditParse: JsonParseError | null;
  /** The package as written, when both texts parse. */
  pkg: { model_result: unknown; protected_audit: unknown } | null;
  report: ValidationDetails | null;
  /** The core's refusals of the model_result (paths under /model_result). */
  modelViolations: Violation[];
  /** The core's refusals of the audit that no field row shows (its shape, downstream, redactions…). */
  auditViolations: Violation[];
  fields: FieldRow[];
  /** Does the model_result, once it is a valid one, show what its case asks for? */
  shows: boolean;
  /** The core accepts the whole package and it shows its case: it may be sealed. */
  sealable: boolean;
}

const at = (root: unknown, path: string): unknown => {
  let cur = root;
  for (const seg of path.split('/').slice(1)) cur = isObject(cur) ? cur[seg] : undefined;
  return cur;
};

/** Every audit field the core recomputes from the trusted context, with its source. */
export function expectedAudit(trusted: TrustedContext, report: ValidationDetails): Omit<FieldRow, 'written' | 'ok'>[] {
  const rows: Omit<FieldRow, 'written' | 'ok'>[] = [];
  const add = (path: string, expected: JsonValue, from: FieldSource, preimage: string | null = null) =>
    rows.push({ path, expected, from, preimage });
  add('/schema_version', 'tool-protected-audit-v1', 'fixed');
  add('/principal_ref', principalRef(trusted.principal, trusted.key), 'principal');
  for (const k of ['provider', 'api_family', 'response_id', 'call_id', 'adapter_revision'] as const)
    add(`/provider_context/${k}`, trusted.call[k], 'call');
  add('/operation/operation_id', trusted.call.operation_id, 'call');
  add('/operation/idempotency_key', trusted.call.idempotency_key, 'call');
  const r = findTool(trusted.tool, chapterTools)?.revisions;
  add('/tool_contract/tool', trusted.tool, 'call');
  for (const k of [
    'input_revision',
    'output_revision',
    'effect_revision',
    'handler_revision',
    'producer_revision',
    'policy_revision',
  ] as const)
    add(`/tool_contract/${k}`, r?.[k] ?? null, 'registry');
  add('/binding/algorithm', trusted.key === undefined ? 'sha256' : 'hmac-sha256', 'key');
  add('/binding/key_id', trusted.key?.id ?? null, 'key');
  const pre = digestPreimages(report, trusted, chapterTools);
  for (const d of ['request_sha256', 'result_sha256', 'call_binding_sha256'] as const)
    add(`/binding/${d}`, report.recomputed[d] ?? null, 'preimage', pre[d]);
  return rows;
}

const parse = (text: string): { value: unknown; error: JsonParseError | null } => {
  const p = parseStrictJson(text);
  return p.ok ? { value: p.value, error: null } : { value: undefined, error: p.error };
};

export function checkWrittenCase(
  kind: ExerciseKind,
  modelText: string,
  auditText: string,
  trusted: TrustedContext,
): WrittenCase {
  const m = parse(modelText);
  const a = parse(auditText);
  if (m.error !== null || a.error !== null)
    return {
      modelParse: m.error,
      auditParse: a.error,
      pkg: null,
      report: null,
      modelViolations: [],
      auditViolations: [],
      fields: [],
      shows: false,
      sealable: false,
    };
  const pkg = { model_result: m.value, protected_audit: a.value };
  const report = validateResultDetailed(pkg, trusted, chapterTools);
  const fields = expectedAudit(trusted, report).map((row) => {
    const written = at(a.value, row.path);
    // A digest the app could not compute is no match for anything; a null key_id is a value like any other.
    const ok = written === row.expected && (row.from !== 'preimage' || row.expected !== null);
    return { ...row, written, ok };
  });
  const shown = new Set(fields.map((f) => `/protected_audit${f.path}`));
  const modelViolations = report.violations.filter((v) => v.path.startsWith('/model_result'));
  const auditViolations = report.violations.filter((v) => !v.path.startsWith('/model_result') && !shown.has(v.path));
  const shows = modelViolations.length === 0 && isObject(m.value) && showsKind(kind, m.value as unknown as ModelResult);
  return {
    modelParse: null,
    auditParse: null,
    pkg,
    report,
    modelViolations,
    auditViolations,
    fields,
    shows,
    sealable: report.ok && shows,
  };
}

/** A sealable case as a package (its types are the core's once the core accepted it). */
export const acceptedPackage = (c: WrittenCase): Package | null =>
  c.sealable && c.pkg !== null ? (c.pkg as unknown as Package) : null;
