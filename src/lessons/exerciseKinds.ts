/**
 * The exercise's five results (docs/scenarios.md#the-exercise): what kind each slot is, and what a model_result must
 * show to meet it. Apart from ./exercise.ts's exhaustive checks, so that the page's one verdict on the open result
 * (../ui/shell/problemSubject.ts: the problems list, the phone's bar) reads the same rule as the result's card.
 */
import { isObject } from '#lib/core/json/index.ts';
import type { Package } from '#lib/core/result/index.ts';

export type ExerciseKind = 'hits' | 'empty' | 'no_access' | 'rate_limited' | 'truncated';
export const EXERCISE_KINDS: readonly ExerciseKind[] = ['hits', 'empty', 'no_access', 'rate_limited', 'truncated'];

/** Does a model_result show what its slot asks for (the handler-output track and the chapter track alike)? */
export function showsKind(kind: ExerciseKind, mr: Package['model_result']): boolean {
  const hits = isObject(mr.data) && Array.isArray(mr.data.hits) ? mr.data.hits.length : -1;
  switch (kind) {
    case 'hits':
      return mr.status === 'succeeded' && hits > 0 && !mr.execution.truncated;
    case 'empty':
      return mr.status === 'succeeded' && hits === 0;
    case 'no_access':
      return mr.error?.code === 'NOT_FOUND';
    case 'rate_limited':
      return mr.error?.code === 'RATE_LIMIT' && typeof mr.error.retry_after_ms === 'number';
    case 'truncated':
      return mr.status === 'succeeded' && mr.execution.truncated && !mr.execution.complete;
  }
}
