/**
 * The chapter track's five cases (docs/scenarios.md#the-chapter-track): the same five search_kb calls as the
 * handler-output track, but the learner writes each `model_result` and its `protected_audit` by hand. What a
 * learner needs to write them is here as data, shown beside the editors so nothing has to be found out from a
 * refusal: each case's trusted context, the tool's output contract and the names it fixes, the catalog's entries
 * for the two errors, and the two empty skeletons the editors open with.
 */
import { ERROR_CATALOG, findTool } from '#lib/core/tables/index.ts';
import { resultJsonSchema, type TrustedContext } from '#lib/core/result/index.ts';
import { chapterTools, EXERCISE_SCENARIO_IDS, findScenario } from '../chapter/index.ts';
import { EXERCISE_KINDS, type ExerciseKind } from './exercise.ts';

export interface ChapterCase {
  kind: ExerciseKind;
  /** The call as the control plane knows it: the only source the app recomputes the audit from. */
  trusted: TrustedContext;
}

function contextOf(id: string): TrustedContext {
  const s = findScenario(id);
  if (s === null) throw new Error(`missing scenario ${id}`);
  return s.context;
}

/** The five calls, in the chapter's order: hits, empty, no access, 429, truncated. */
export const CHAPTER_CASES: readonly ChapterCase[] = Object.freeze(
  EXERCISE_KINDS.map((kind, i) => ({ kind, trusted: contextOf(EXERCISE_SCENARIO_IDS[i] as string) })),
);

const spec = findTool('search_kb', chapterTools);
if (spec === null) throw new Error('search_kb is not in the chapter registry');

/**
 * What the tool's contract fixes, by name. A success carries the tool's own provenance; an error is the
 * dispatcher's words from the catalog (trusted_control), so its provenance names the dispatcher.
 */
export const SEARCH_KB_CONTRACT = Object.freeze({
  tool: spec.name,
  model_result_version: 'tool-model-result-v2',
  audit_version: 'tool-protected-audit-v1',
  success_provenance: {
    source_label: spec.source_label,
    producer_revision: spec.revisions.producer_revision,
    trust: 'untrusted_data',
  },
  error_provenance: { source_label: 'dispatcher', producer_revision: 'dispatcher-v1', trust: 'trusted_control' },
  revisions: { tool: spec.name, ...spec.revisions },
  /** The exact data a success may hold (JSON Schema of the tool's output contract). */
  data_schema: resultJsonSchema(spec, 'data'),
  errors: [ERROR_CATALOG.NOT_FOUND, ERROR_CATALOG.RATE_LIMIT].map((e) => ({
    code: e.code,
    category: e.category,
    outcome: e.outcome,
    recovery: e.recovery,
    message: e.message,
    retry_after_ms: e.retryAfter,
  })),
});

/** The model_result editor's starting text: the envelope's members, every value left for the learner. */
export const MODEL_RESULT_SKELETON = `{
  "schema_version": "tool-model-result-v2",
  "status": "",
  "data": null,
  "error": null,
  "execution": { "outcome": "", "delivery": "", "complete": false, "truncated": false },
  "provenance": {
    "source_label": "",
    "producer_revision": "",
    "resource_revision": null,
    "observed_at": "",
    "trust": ""
  }
}`;

/** The protected_audit editor's starting text: its members, every value left for the learner. */
export const AUDIT_SKELETON = `{
  "schema_version": "tool-protected-audit-v1",
  "principal_ref": "",
  "provider_context": { "provider": "", "api_family": "", "response_id": "", "call_id": "", "adapter_revision": "" },
  "operation": { "operation_id": "", "idempotency_key": "" },
  "tool_contract": {
    "tool": "",
    "input_revision": "",
    "output_revision": "",
    "effect_revision": "",
    "handler_revision": "",
    "producer_revision": "",
    "policy_revision": ""
  },
  "downstream": { "request_ref": null, "receipt_ref": null, "status_ref": null },
  "binding": { "algorithm": "sha256", "key_id": null, "request_sha256": "", "result_sha256": "", "call_binding_sha256": "" },
  "redactions": [],
  "violations": []
}`;
