import { describe, expect, it } from 'vitest';
import { type Scenario } from '#lib/core/index.ts';
import { findMistake, type Mistake } from '../mistakes/index.ts';
import { correctVerdict, pretty, safeRun } from './mistakeView.ts';
import { findScenario } from '../chapter/index.ts';

const s = (id: string) => findScenario(id) as Scenario;

describe('mistakeView', () => {
  it('a mistake that throws on an edited scenario gives a message, not a crash', () => {
    const broken: Mistake = {
      ...(findMistake(1) as Mistake),
      run: () => {
        throw new TypeError('cannot read x');
      },
    };
    expect(safeRun(broken, s('get_order.paid'))).toEqual({ ok: false, message: 'TypeError: cannot read x' });
    const weird = { ...s('get_order.paid'), handler_output: 'not an object' as unknown } as Scenario;
    for (let id = 1; id <= 8; id++) expect(() => safeRun(findMistake(id) as Mistake, weird)).not.toThrow();
  });
  it('the correct verdict is the core’s', () => {
    expect(correctVerdict(s('create_refund_draft.status_injected'))).toMatchObject({
      status: 'unknown',
      errorCode: 'OUTPUT_CONTRACT_VIOLATION',
      valid: true,
    });
    expect(correctVerdict(s('get_order.local_replay'))).toMatchObject({
      status: 'succeeded',
      delivery: 'local_replay',
      outcome: 'committed',
      valid: true,
      violations: [],
    });
  });
  it('pretty never throws', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(typeof pretty(cyclic)).toBe('string');
  });
});
