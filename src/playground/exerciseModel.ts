/**
 * The exercise as the panel shows it: each of the five texts parsed strictly
 * (docs/strict-json.md#rules); each sealed result's stored package, and the learner's current
 * text presented against it; and `checkExercise` over what parsed (the app's
 * own exhaustive checks, which never count as the learner's proof). A text
 * that does not parse is not a handler output at all, so it is left out
 * rather than fed to the dispatcher as something else.
 */
import {
  checkExercise,
  EXERCISE_KINDS,
  type ExerciseKind,
  type ExerciseReport,
  type ProofResult,
} from '../lessons/exercise.ts';
import { injectionsIn, presentEdit, seal, type InjectStep, type Sealed } from '../lessons/exerciseActions.ts';
import type { Package } from '#lib/core/result/index.ts';
import { parseStrictJson, type JsonParseError } from '#lib/core/json/index.ts';
import type { TrustedContext } from '#lib/core/result/index.ts';
import { SCAFFOLD_HANDLER_TEXT } from './work.ts';

export interface ExerciseInput {
  handler_output_text: string;
  /** The result's trusted context; null when the learner's draft of it is not a valid one (the slot then has no package). */
  context: TrustedContext | null;
}

/** The item checkExercise takes: none for a result whose context is not valid (it has no package, and no proof runs over it). */
const itemOf = (handler_output: unknown, context: TrustedContext | null) =>
  context === null ? null : { handler_output, context };

export interface SlotView {
  index: number;
  kind: ExerciseKind;
  /** The strict parser's error, when the text is not JSON. */
  parseError: JsonParseError | null;
  pkg: Package | null;
  /** Does the result show what its slot asks for? Always false for a text that does not parse. */
  shows: boolean;
  /** The parsed handler output and its trusted context (undefined / null when there is none). */
  raw: unknown;
  trusted: TrustedContext | null;
  /** The result as sealed, or null. */
  sealed: Sealed | null;
  /** A sealed result's current text presented against the stored audit (null: not sealed, or nothing to present). */
  presented: ReturnType<typeof presentEdit> | null;
  /** Still the empty template every slot opens with: not started, so nothing about it is a failure yet. */
  untouched: boolean;
  /** The injections the handler output as typed carries, each refused (proof 4's parts, however they got there). */
  injected: InjectStep[];
}

export interface ExerciseView {
  slots: SlotView[];
  /** The app's own exhaustive checks over the learner's results: shown as "also checked", never counted. */
  proofs: ProofResult[];
  holding: number;
  /** How many results the proofs ran over (those that parse and have a valid trusted context). */
  checked: number;
}

/**
 * `checkExercise` names results by their place in the list it was given
 * (1-based). When some texts were left out, put back the learner's numbers.
 */
export function renumberFailures(proofs: readonly ProofResult[], original: readonly number[]): ProofResult[] {
  const map = (n: string): string => String((original[Number(n) - 1] ?? Number(n) - 1) + 1);
  return proofs.map((p) => ({
    ...p,
    failures: p.failures.map((f) => f.replace(/\b(result|call) (\d+)/g, (_, w: string, n: string) => `${w} ${map(n)}`)),
  }));
}

/** The stored package of a sealed result: its text and context as they were when sealed (the projection is deterministic). */
function sealedOf(doc: ExerciseInput | null | undefined): Sealed | null {
  if (doc === null || doc === undefined || doc.context === null) return null;
  const p = parseStrictJson(doc.handler_output_text);
  return p.ok ? seal(p.value, doc.context) : null;
}

export function evaluateExercise(
  items: readonly ExerciseInput[],
  sealedDocs: readonly (ExerciseInput | null)[] = [],
): ExerciseView {
  const parsed = items.map((it) => parseStrictJson(it.handler_output_text));
  const okIndices = parsed.flatMap((p, i) => (p.ok ? [i] : []));
  const live = okIndices.map((i) => {
    const p = parsed[i];
    return itemOf(p !== undefined && p.ok ? p.value : null, (items[i] as ExerciseInput).context);
  });

  let results: ExerciseReport['results'];
  let proofs: ProofResult[];
  if (okIndices.length === items.length) {
    const report = checkExercise(live);
    results = report.results;
    proofs = report.proofs;
  } else {
    // Proofs over the texts that parsed; slot verdicts need each result in its own slot, so the
    // left-out ones hold a stand-in there whose package is never shown.
    const sub = checkExercise(live);
    proofs = renumberFailures(sub.proofs, okIndices);
    const placed = items.map((it, i) =>
      itemOf(okIndices.includes(i) ? (live[okIndices.indexOf(i)]?.handler_output ?? null) : null, it.context),
    );
    results = checkExercise(placed).results;
  }

  const slots = EXERCISE_KINDS.map((kind, index): SlotView => {
    const p = parsed[index];
    const r = results[index];
    const parseError = p !== undefined && !p.ok ? p.error : null;
    const trusted = items[index]?.context ?? null;
    const raw = p !== undefined && p.ok ? p.value : undefined;
    const sealed = sealedOf(sealedDocs[index]);
    const presented =
      sealed !== null && raw !== undefined && trusted !== null ? presentEdit(sealed, raw, trusted, index + 1) : null;
    return {
      index,
      kind,
      parseError,
      pkg: parseError === null ? (r?.pkg ?? null) : null,
      shows: parseError === null && (r?.shows ?? false),
      raw,
      trusted,
      sealed,
      presented,
      untouched: items[index]?.handler_output_text === SCAFFOLD_HANDLER_TEXT,
      injected: raw !== undefined && trusted !== null ? injectionsIn(raw, trusted, index + 1) : [],
    };
  });
  // A result whose trusted context is invalid has no package, and checkExercise leaves it out too.
  return {
    slots,
    proofs,
    holding: proofs.filter((p) => p.verdict === 'holds').length,
    checked: slots.filter((s) => s.pkg !== null).length,
  };
}
