/**
 * The lessons a mode steps through in order, for the keyboard's next and previous (J and K): the attack lab's
 * attacks A1…A15, the recovery lab's cases, the Learn view's mistakes 1–8 (its first tab). Pure: the page asks for
 * the place one step on and opens it; null where there is none (past either end, or a mode without a sequence).
 */
import { DEFAULT_RECOVERY_CASE, RECOVERY_CASE_IDS } from '../lessons/recoveryProofs.ts';
import type { Place } from './address.ts';
import { ATTACK_ID_LIST, MISTAKE_COUNT, type Work } from './work.ts';

const MISTAKE_NUMBERS = Array.from({ length: MISTAKE_COUNT }, (_, i) => i + 1);

/** The item `by` steps from `now` in `list` (absent from it: before the first), or null past either end. */
function stepIn<T>(list: readonly T[], now: T | null | undefined, by: 1 | -1): T | null {
  const i = (now === null || now === undefined ? -1 : list.indexOf(now)) + by;
  return i >= 0 && i < list.length ? (list[i] as T) : null;
}

/** Whether the open mode has a sequence of lessons (the Learn view's: on its first tab, the mistakes). */
export function lessonOf(w: Work, learnTab: string): boolean {
  return (
    (w.mode === 'attack' && w.attackCase === undefined) ||
    w.mode === 'recovery' ||
    (w.mode === 'learn' && learnTab === 'mistakes')
  );
}

/** The place one lesson on (`by` 1) or back (-1) from where the learner is; null: nowhere to go. */
export function lessonStep(w: Work, by: 1 | -1, learnTab: string): Place | null {
  const base = { scenarioId: w.scenarioId, attackId: null } as const;
  if (w.mode === 'attack' && w.attackCase === undefined) {
    const attackId = stepIn(ATTACK_ID_LIST, w.attackId, by);
    return attackId && { ...base, mode: 'attack', attackId };
  }
  if (w.mode === 'recovery') {
    const recoveryCase = stepIn(RECOVERY_CASE_IDS, w.recoveryCase ?? DEFAULT_RECOVERY_CASE, by);
    const broken = w.recoveryBroken;
    return recoveryCase && { ...base, mode: 'recovery', recoveryCase, ...(broken ? { recoveryBroken: broken } : {}) };
  }
  if (w.mode === 'learn' && learnTab === 'mistakes') {
    const mistake = stepIn(MISTAKE_NUMBERS, w.mistake, by);
    return mistake === null ? null : { ...base, mode: 'learn', mistake };
  }
  return null;
}
