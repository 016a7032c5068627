/**
 * The chapter's common mistakes (常见错误), each a deliberately broken piece
 * of dispatcher, run side by side with the real core on the same input.
 * These modules live outside src/core and must never be imported by it
 * (test/corePurity.test.ts fails if core reaches outside itself).
 */
import type { Scenario } from '../core/result/index.ts';
import type { Bilingual } from '../lang.ts';

export interface MistakeRun {
  correct: { label: Bilingual; value: unknown };
  mistaken: { label: Bilingual; value: unknown };
  /** What goes wrong, in words, on this input. */
  consequence: Bilingual;
  /** The concrete things found (leaked values, wrong pairings, a second dispatch…). */
  evidence: string[];
  /** Whether the consequence shows on this input (some inputs cannot show a given mistake). */
  shows: boolean;
}

export interface Mistake {
  id: MistakeId;
  title: Bilingual;
  /** The scenario that shows it best. */
  scenario: string;
  run(s: Scenario): MistakeRun;
}

export type MistakeId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
