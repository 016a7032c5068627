import { describe, expect, it } from 'vitest';
import { RECOVERY_CASE_IDS } from '../lessons/recoveryProofs.ts';
import { lessonStep } from './lessonSequence.ts';
import { initialWork, type Work } from './work.ts';

const at = (w: Partial<Work>): Work => ({ ...initialWork(), ...w });

describe('the keyboard’s next and previous lesson', () => {
  it('the attack lab steps A1…A15, from none to A1, and stops at either end', () => {
    expect(lessonStep(at({ mode: 'attack', attackId: null }), 1, 'mistakes')?.attackId).toBe('A1');
    expect(lessonStep(at({ mode: 'attack', attackId: 'A9' }), 1, 'mistakes')?.attackId).toBe('A10');
    expect(lessonStep(at({ mode: 'attack', attackId: 'A10' }), -1, 'mistakes')?.attackId).toBe('A9');
    expect(lessonStep(at({ mode: 'attack', attackId: 'A15' }), 1, 'mistakes')).toBeNull();
    expect(lessonStep(at({ mode: 'attack', attackId: 'A1' }), -1, 'mistakes')).toBeNull();
    // A real case is not one of the list's lessons.
    expect(lessonStep(at({ mode: 'attack', attackCase: 'agentdojo_banking' }), 1, 'mistakes')).toBeNull();
  });

  it('the recovery lab steps its cases in order, keeping the broken plane beside the real one', () => {
    const next = lessonStep(at({ mode: 'recovery', recoveryBroken: 'global_keys' }), 1, 'mistakes');
    expect(next?.recoveryCase).toBe(RECOVERY_CASE_IDS[1]);
    expect(next?.recoveryBroken).toBe('global_keys');
    expect(lessonStep(at({ mode: 'recovery', recoveryCase: RECOVERY_CASE_IDS.at(-1) }), 1, 'mistakes')).toBeNull();
  });

  it('the Learn view steps its mistakes 1–8 on its first tab only; other modes have no sequence', () => {
    expect(lessonStep(at({ mode: 'learn' }), 1, 'mistakes')?.mistake).toBe(1);
    expect(lessonStep(at({ mode: 'learn', mistake: 8 }), 1, 'mistakes')).toBeNull();
    expect(lessonStep(at({ mode: 'learn', mistake: 3 }), -1, 'mistakes')?.mistake).toBe(2);
    expect(lessonStep(at({ mode: 'learn', mistake: 3 }), 1, 'recovery')).toBeNull();
    expect(lessonStep(at({ mode: 'playground' }), 1, 'mistakes')).toBeNull();
    expect(lessonStep(at({ mode: 'exercise' }), 1, 'mistakes')).toBeNull();
  });
});
