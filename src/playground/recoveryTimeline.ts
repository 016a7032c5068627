/**
 * The recovery walk-through: the three paths of
 * src/lessons/recoveryPaths.ts — OUTCOME_UNKNOWN, RATE_LIMIT, local_replay /
 * receipt_reconciled — each result step projected from a real scenario by the
 * core, so the `execution.delivery` and `execution.outcome` shown are the ones
 * the dispatcher actually produces.
 *
 * What the trusted control plane does next is `controlPlaneNext`: a function
 * of the status, the delivery and `ERROR_CATALOG[code].recovery`. It never
 * reads `error.message` (nor the `recovery` copied into the model_result,
 * which a tampered package could rewrite): the code decides, the text only
 * explains. Pure: no React, no DOM.
 */
import { ERROR_CATALOG } from '#lib/core/tables/index.ts';
import { project, type ModelResult } from '#lib/core/result/index.ts';
import { isErrorCode, type Recovery } from '#lib/core/tables/index.ts';
import type { Lang } from '../lang.ts';
import { RECOVERY_PATHS, type NextAction, type RecoveryPathId, type StepKind } from '../lessons/recoveryPaths.ts';
import { RECOVERY_TEXT, type PathFacts, type ResultFacts } from '../lessons/recoveryText.ts';
import { findScenario, chapterTools } from '../chapter/index.ts';

export { RECOVERY_PATH_IDS, type NextAction, type RecoveryPathId } from '../lessons/recoveryPaths.ts';

export interface NextStep {
  action: NextAction;
  /** Where the action came from: `catalog` (ERROR_CATALOG[code].recovery), `status` (a success), `step` (a step with no result yet). */
  source: 'catalog' | 'status' | 'step';
  /** With `catalog`: the error code whose catalog entry chose the action. */
  code?: string;
  text: string;
}

/** The facts a step's projection fixes; null for a step that produces no result (the dispatch itself, a wait, a query). */
export interface StepResult extends ResultFacts {
  scenarioId: string;
  status: ModelResult['status'];
  delivery: ModelResult['execution']['delivery'];
  outcome: ModelResult['execution']['outcome'];
  errorCode: string | null;
  /** ERROR_CATALOG[code].recovery, or null for a success. */
  recovery: Recovery | null;
}

export interface TimelineStep {
  id: string;
  kind: StepKind;
  title: string;
  /** What happens at this step, in a sentence. */
  detail: string;
  result: StepResult | null;
  next: NextStep;
  /** Facts that support the step (digest equality, a receipt), in words. */
  evidence: string[];
}

export interface RecoveryTimeline {
  id: RecoveryPathId;
  title: string;
  lead: string;
  steps: TimelineStep[];
}

/**
 * The control plane's next step for a model_result. Driven by the error code
 * through the trusted catalog, never by the message: two results that differ
 * only in `error.message` (or in a rewritten `error.recovery`) get the same answer.
 */
export function controlPlaneNext(mr: ModelResult, tool: string, lang: Lang): NextStep {
  const t = RECOVERY_TEXT[lang];
  if (mr.status === 'succeeded') return { action: 'deliver', source: 'status', text: t.deliver[mr.execution.delivery] };
  const code = mr.error?.code;
  if (!isErrorCode(code)) return { action: 'human_review', source: 'catalog', text: t.notCatalog };
  const recovery = ERROR_CATALOG[code].recovery;
  const ms = mr.error?.retry_after_ms;
  const wait = typeof ms === 'number' ? `${ms} ms` : 'retry_after_ms';
  return { action: recovery, source: 'catalog', code, text: t.recovery[recovery](code, wait, tool) };
}

interface Projected {
  result: StepResult;
  next: (lang: Lang) => NextStep;
}

function resultOf(id: string): Projected {
  const s = findScenario(id);
  if (s === null) throw new Error(`recoveryTimeline: no built-in scenario ${id}`);
  const pkg = project(s.handler_output, s.context, chapterTools);
  const mr = pkg.model_result;
  const code = mr.error?.code ?? null;
  const result: StepResult = {
    scenarioId: id,
    status: mr.status,
    delivery: mr.execution.delivery,
    outcome: mr.execution.outcome,
    errorCode: code,
    recovery: isErrorCode(code) ? ERROR_CATALOG[code].recovery : null,
    retryAfterMs: mr.error?.retry_after_ms ?? null,
    requestSha256: pkg.protected_audit.binding.request_sha256,
    callBindingSha256: pkg.protected_audit.binding.call_binding_sha256,
    receiptRef: pkg.protected_audit.downstream.receipt_ref,
    operationId: s.context.call.operation_id,
    statusRef: pkg.protected_audit.downstream.status_ref,
  };
  return { result, next: (lang) => controlPlaneNext(mr, s.context.tool, lang) };
}

type Words = string | ((f: PathFacts) => string);
interface StepWords {
  title: Words;
  detail: Words;
  next?: string;
  evidence?: readonly Words[];
}
const say = (w: Words, f: PathFacts): string => (typeof w === 'string' ? w : w(f));

/** The timeline of one recovery path in a language, every result projected by the core. */
export function recoveryTimeline(id: RecoveryPathId, lang: Lang): RecoveryTimeline {
  const path = RECOVERY_PATHS[id];
  const words = RECOVERY_TEXT[lang].paths[id];
  const projected = new Map(
    path.flatMap((step) => (step.scenario === null ? [] : [[step.id, resultOf(step.scenario)] as const])),
  );
  const facts: PathFacts = Object.fromEntries([...projected].map(([k, v]) => [k, v.result]));
  const steps = path.map((step): TimelineStep => {
    const w = (words.steps as Readonly<Record<string, StepWords | undefined>>)[step.id];
    if (w === undefined) throw new Error(`recoveryTimeline: no words for step ${id}/${step.id}`);
    const p = projected.get(step.id);
    const next: NextStep =
      p !== undefined
        ? p.next(lang)
        : step.next?.source === 'catalog'
          ? { ...step.next, text: w.next ?? '' }
          : { action: step.next?.action ?? 'await_result', source: 'step', text: w.next ?? '' };
    return {
      id: step.id,
      kind: step.kind,
      title: say(w.title, facts),
      detail: say(w.detail, facts),
      result: p?.result ?? null,
      next,
      evidence: (w.evidence ?? []).map((e) => say(e, facts)),
    };
  });
  return { id, title: words.title, lead: words.lead, steps };
}
