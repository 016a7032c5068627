/**
 * The chapter's common mistakes (常见错误), each a deliberately broken piece
 * of dispatcher, run side by side with the real core on the same input.
 * These modules live outside src/core and must never be imported by it
 * (test/corePurity.test.ts fails if core reaches outside itself).
 */
import type { Scenario } from '#lib/core/result/index.ts';

/**
 * What each mistake's words (./mistakeText.ts) may mention of its run, by
 * mistake id: the run computes the facts, the table says them in each language.
 */
export interface MistakeFacts {
  1: { leaked: number };
  2: { reached: boolean; leakedKeys: readonly string[] };
  3: null;
  4: { sameLook: boolean; writesTwice: boolean };
  5: { code: string | undefined; recovery: string; original: string; rewritten: string };
  6: { credential: string | undefined };
  7: { calls: number; wrong: readonly { tool: string; given: string | undefined }[] };
  8: { lost: readonly string[] };
}

export type MistakeId = keyof MistakeFacts;

export interface MistakeRun<K extends MistakeId = MistakeId> {
  /** The mistake this is a run of: its words are MISTAKE_TEXT[lang][id]. */
  id: K;
  correct: { value: unknown };
  mistaken: { value: unknown };
  /** What the consequence's words mention, on this input. */
  facts: MistakeFacts[K];
  /** The concrete things found (leaked values, wrong pairings, a second dispatch…). */
  evidence: string[];
  /** Whether the consequence shows on this input (some inputs cannot show a given mistake). */
  shows: boolean;
}

export interface Mistake<K extends MistakeId = MistakeId> {
  id: K;
  /** The scenario that shows it best. */
  scenario: string;
  run(s: Scenario): MistakeRun<K>;
}
