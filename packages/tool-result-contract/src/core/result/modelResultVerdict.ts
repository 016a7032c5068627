/**
 * The model_result half of validation (docs/contract.md#validation): what the model reads, checked
 * field by field against the tool's contract and the error catalog. Its own
 * file because the live session (src/core/live) re-runs only this half
 * when the rest of the package did not change.
 */
import { isObject } from '../json/jsonValue.ts';
import { findDeniedKeys } from '../tables/denyList.ts';
import { PointerSet } from '../json/longKeys.ts';
import { packageNeedles } from './auditValues.ts';
import type { ContextFacts } from './contextFacts.ts';
import { ERROR_CATALOG, RETRY_AFTER_MS, catalogOutcome, isErrorCode, retryAfterFault } from '../tables/errorCatalog.ts';
import { ModelResultSchema } from './modelResult.ts';
import {
  checkAuditLeaks,
  checkRegistryProvenance,
  checkToolData,
  firstTooDeep,
  needleFinder,
  type NeedleFinder,
} from './outputContract.ts';
import { DISPATCHER_PROVENANCE, RESOURCE_REVISION, RESULT_LIMITS, type ToolSpec } from '../tables/registry.ts';
import { utf8Length } from '../json/text.ts';
import { ViolationList, type Violation } from '../tables/violation.ts';
import { addZodIssues, checkSchema } from '../tables/zodIssues.ts';
import { quotable } from '../messages/violationParams.ts';
import type { JsonValue } from '../json/jsonValue.ts';

/**
 * The model_result part of the verdict. It reads the context only through
 * `facts`, and the package only through its model_result and downstream
 * references. The stored result and call digests are left out of the audit
 * needles on purpose: neither can be planted in the result it binds (each
 * covers that result), and a stored value that differs is a digest mismatch
 * anyway. So the verdict is the same for every provider of one call.
 */
export function modelResultVerdict(
  mr: unknown,
  canonical: string | null,
  facts: ContextFacts,
  downstream: readonly string[],
  leak: NeedleFinder = needleFinder(packageNeedles(facts.auditValues, downstream)),
): Violation[] {
  const local = new ViolationList();
  checkModelResult(mr, facts, local);
  checkAuditLeaks(mr, '/model_result', leak, local);
  if (canonical !== null) {
    const bytes = utf8Length(canonical);
    if (bytes > RESULT_LIMITS.maxCanonicalBytes)
      local.add('SIZE_LIMIT', '/model_result', {
        kind: 'too_large',
        limit: RESULT_LIMITS.maxCanonicalBytes,
        size: bytes,
      });
  }
  return local.items;
}

function checkModelResult(mr: unknown, facts: ContextFacts, out: ViolationList): void {
  const { spec, args } = facts;
  const base = '/model_result';
  if (!isObject(mr)) {
    out.add('RESULT_SCHEMA', base, { kind: 'rule', rule: 'model_result_is_object' });
    return;
  }
  const deep = firstTooDeep(mr, base, 1, RESULT_LIMITS.maxDepth);
  if (deep !== null) out.add('DEPTH_LIMIT', deep, { kind: 'too_deep', limit: RESULT_LIMITS.maxDepth });
  // Not a native Set: see PointerSet (json/longKeys.ts).
  const denied = new PointerSet();
  for (const d of findDeniedKeys(mr, base)) {
    denied.add(d.path);
    out.add(d.kind === 'control' ? 'AUDIT_LEAK' : 'SENSITIVE_FIELD', d.path, {
      kind: 'denied_key',
      key: d.key,
      list: d.kind,
    });
  }
  const schema = checkSchema(ModelResultSchema, mr);
  if (!schema.success) {
    // Unlike inside data, a denied key in the envelope is also an envelope fault: both are reported.
    addZodIssues(out, schema.error, base, 'RESULT_SCHEMA', (p) =>
      p === `${base}/provenance/observed_at` ? 'TIME_FORMAT' : 'RESULT_SCHEMA',
    );
  }

  const status = mr.status;
  const data = mr.data;
  const error = isObject(mr.error) ? mr.error : null;
  const exec = isObject(mr.execution) ? mr.execution : {};
  const prov = isObject(mr.provenance) ? mr.provenance : {};
  const succeeded = status === 'succeeded';

  // What this context allows at all, before the details.
  if (facts.gate === 'UNKNOWN_TOOL') {
    if (succeeded) out.add('UNKNOWN_TOOL', `${base}/data`, { kind: 'rule', rule: 'no_contract_for_tool' });
    else if (error !== null && error.code !== 'UNKNOWN_TOOL')
      out.add('UNKNOWN_TOOL', `${base}/error/code`, { kind: 'rule', rule: 'only_unknown_tool' });
  } else if (facts.gate === 'INVALID_ARGUMENTS') {
    if (succeeded) out.add('INPUT_BINDING', `${base}/status`, { kind: 'rule', rule: 'only_invalid_arguments' });
    else if (error !== null && error.code !== 'INVALID_ARGUMENTS')
      out.add('INPUT_BINDING', `${base}/error/code`, { kind: 'rule', rule: 'only_invalid_arguments' });
  } else if (error !== null && (error.code === 'UNKNOWN_TOOL' || error.code === 'INVALID_ARGUMENTS')) {
    out.add('ERROR_CATALOG_MISMATCH', `${base}/error/code`, {
      kind: 'input_error_for_valid_call',
      code: String(error.code),
    });
  }

  if (succeeded && spec !== null && args.ok && data !== null && data !== undefined) {
    // The scan of the whole model_result above has reported the data's denied keys already.
    checkToolData(spec, data, args.value as Record<string, unknown>, `${base}/data`, out, 'validation', denied);
  }

  // Status consistency (docs/contract.md#consistency-rules).
  if (succeeded !== (mr.error === null) || succeeded !== (data !== null && data !== undefined)) {
    out.add('STATUS_INCONSISTENT', `${base}/status`, { kind: 'rule', rule: 'succeeded_iff_error_null' });
  }
  if (succeeded && exec.outcome !== 'committed')
    out.add('STATUS_INCONSISTENT', `${base}/execution/outcome`, { kind: 'rule', rule: 'succeeded_is_committed' });
  if (!succeeded && error !== null) {
    if (exec.outcome !== error.outcome)
      out.add('STATUS_INCONSISTENT', `${base}/execution/outcome`, { kind: 'rule', rule: 'outcome_from_catalog' });
    const expectedStatus = exec.outcome === 'unknown' ? 'unknown' : exec.outcome === 'not_started' ? 'failed' : null;
    if (expectedStatus === null || status !== expectedStatus)
      out.add('STATUS_INCONSISTENT', `${base}/status`, { kind: 'rule', rule: 'status_follows_outcome' });
  }
  if (exec.truncated === true && exec.complete !== false)
    out.add('STATUS_INCONSISTENT', `${base}/execution/complete`, { kind: 'rule', rule: 'truncated_not_complete' });
  if (succeeded && exec.truncated === false && exec.complete !== true)
    out.add('STATUS_INCONSISTENT', `${base}/execution/complete`, {
      kind: 'rule',
      rule: 'succeeded_untruncated_complete',
    });
  if (!succeeded && (exec.complete !== false || exec.truncated !== false))
    out.add('STATUS_INCONSISTENT', `${base}/execution`, { kind: 'rule', rule: 'unsucceeded_not_complete' });
  if (succeeded && exec.truncated === true && spec !== null && spec.list === undefined)
    out.add('STATUS_INCONSISTENT', `${base}/execution/truncated`, { kind: 'no_list', tool: spec.name });
  if (exec.delivery !== facts.delivery)
    out.add('STATUS_INCONSISTENT', `${base}/execution/delivery`, {
      kind: 'expected_value',
      field: 'delivery',
      expected: facts.delivery,
      source: 'trusted_context',
    });

  if (error !== null) checkCatalog(error, spec, `${base}/error`, out);

  // Provenance: registry values for a success, dispatcher values otherwise.
  const p = `${base}/provenance`;
  if (succeeded && spec !== null) {
    checkRegistryProvenance(prov, spec, p, out, false);
    if (prov.trust !== 'untrusted_data')
      out.add('PROVENANCE_MISMATCH', `${p}/trust`, { kind: 'rule', rule: 'data_is_untrusted' });
    if (typeof prov.resource_revision !== 'string' || !RESOURCE_REVISION.test(prov.resource_revision))
      out.add('RESULT_SCHEMA', `${p}/resource_revision`, { kind: 'rule', rule: 'resource_revision_format' });
  } else if (!succeeded) {
    if (prov.source_label !== DISPATCHER_PROVENANCE.source_label)
      out.add('PROVENANCE_MISMATCH', `${p}/source_label`, {
        kind: 'expected_value',
        field: 'source_label',
        expected: DISPATCHER_PROVENANCE.source_label,
        source: 'dispatcher',
      });
    if (prov.producer_revision !== DISPATCHER_PROVENANCE.producer_revision)
      out.add('PROVENANCE_MISMATCH', `${p}/producer_revision`, {
        kind: 'expected_value',
        field: 'producer_revision',
        expected: DISPATCHER_PROVENANCE.producer_revision,
        source: 'dispatcher',
      });
    if (prov.resource_revision !== null)
      out.add('PROVENANCE_MISMATCH', `${p}/resource_revision`, {
        kind: 'expected_value',
        field: 'resource_revision',
        expected: null,
        source: 'dispatcher',
      });
    if (prov.trust !== 'trusted_control')
      out.add('PROVENANCE_MISMATCH', `${p}/trust`, { kind: 'rule', rule: 'dispatcher_result_is_trusted_control' });
  }
}

/** Field by field against the catalog entry: an edited message, category, outcome or recovery fails. */
function checkCatalog(error: Record<string, unknown>, spec: ToolSpec | null, path: string, out: ViolationList): void {
  const code = error.code;
  if (!isErrorCode(code)) {
    out.add('ERROR_CATALOG_MISMATCH', `${path}/code`, { kind: 'not_in_catalog', code: quotable(code) });
    return;
  }
  const entry = ERROR_CATALOG[code];
  const expected: Record<string, unknown> = {
    category: entry.category,
    outcome: catalogOutcome(entry, spec?.effect ?? null),
    recovery: entry.recovery,
    message: entry.message,
  };
  for (const [field, value] of Object.entries(expected)) {
    if (error[field] !== value)
      out.add('ERROR_CATALOG_MISMATCH', `${path}/${field}`, {
        kind: 'expected_value',
        field,
        expected: value as JsonValue,
        source: 'catalog',
      });
  }
  const fault = retryAfterFault(entry, error.retry_after_ms, null);
  if (fault === 'out_of_range')
    out.add('ERROR_CATALOG_MISMATCH', `${path}/retry_after_ms`, {
      kind: 'retry_after_range',
      code,
      min: RETRY_AFTER_MS.min,
      max: RETRY_AFTER_MS.max,
    });
  if (fault === 'not_empty')
    out.add('ERROR_CATALOG_MISMATCH', `${path}/retry_after_ms`, {
      kind: 'expected_value',
      field: 'retry_after_ms',
      expected: null,
      source: 'catalog',
    });
}
