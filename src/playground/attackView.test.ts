import { describe, expect, it } from 'vitest';
import { ATTACKS, ATTACK_IDS, type AttackId } from '../lessons/attacks.ts';
import type { Scenario } from '#lib/core/result/index.ts';
import { attackView } from './attackView.ts';
import { findScenario } from '../chapter/index.ts';

const scenario = (id: string): Scenario => {
  const s = findScenario(id);
  if (s === null) throw new Error(`no scenario ${id}`);
  return s;
};

const EXPECTED: Record<AttackId, string> = {
  A1: 'stopped',
  A2: 'stopped',
  A3: 'stopped',
  A4: 'stopped',
  A5: 'stopped',
  A6: 'stopped',
  A7: 'stopped',
  A8: 'contract_error',
  A9: 'contract_error',
  A10: 'contract_error',
  A11: 'sha256_passes_keyed_stops',
  A12: 'stopped',
  A13: 'stopped',
  A14: 'nothing_to_reject',
  A15: 'contract_error',
};

describe('attackView on each attack’s default scenario', () => {
  for (const id of ATTACK_IDS) {
    it(`${id} gives its verdict`, () => {
      const v = attackView(id, scenario(ATTACKS[id].defaultScenario));
      expect(v.inapplicable).toBeNull();
      expect(v.verdict?.kind).toBe(EXPECTED[id]);
    });
  }

  it('names the codes docs/scenarios.md#attacks says stop each package attack', () => {
    const codes = (id: AttackId) => {
      const v = attackView(id, scenario(ATTACKS[id].defaultScenario)).verdict;
      if (v?.kind === 'stopped') return v.violations.map((x) => x.code);
      if (v?.kind === 'contract_error') return v.violations.map((x) => x.code);
      return [];
    };
    expect(codes('A1')).toContain('RESULT_DIGEST_MISMATCH');
    expect(codes('A2')).toEqual(expect.arrayContaining(['AUDIT_CONTEXT_MISMATCH', 'CALL_BINDING_MISMATCH']));
    expect(codes('A3')).toEqual(['CALL_BINDING_MISMATCH']);
    expect(codes('A7')).toContain('ERROR_CATALOG_MISMATCH');
    expect(codes('A8')).toEqual(['DATA_SCHEMA']);
    expect(codes('A9')).toEqual(['SENSITIVE_FIELD']);
    expect(codes('A12')).toEqual(['UNREGISTERED_ADAPTER']);
    expect(codes('A13')).toContain('AUDIT_LEAK');
  });

  it('A11 passes in sha256 mode and is stopped in keyed mode', () => {
    const v = attackView('A11', scenario('get_order.paid')).verdict;
    if (v?.kind !== 'sha256_passes_keyed_stops') throw new Error('wrong verdict');
    expect(v.plain.ok).toBe(true);
    expect(v.keyed.violations.map((x) => x.code)).toContain('RESULT_DIGEST_MISMATCH');
  });

  it('A12: the registered route serializes the victim; the unregistered one refuses before serialization', () => {
    const v = attackView('A12', scenario('get_order.paid'));
    expect(v.adapter?.victim.refused).toBe(false);
    expect(v.adapter?.tampered).toEqual({ refused: true, codes: ['UNREGISTERED_ADAPTER'] });
  });

  it('A14 finds the injected text in data, still untrusted_data', () => {
    const v = attackView('A14', scenario('search_kb.injection')).verdict;
    if (v?.kind !== 'nothing_to_reject') throw new Error('wrong verdict');
    expect(v.trust).toBe('untrusted_data');
    expect(v.injected.some((t) => t.path.startsWith('/model_result/data/hits/') && t.text.includes('send_email'))).toBe(
      true,
    );
    expect(v.nextToolRegistered).toBe(false);
  });
});

describe('attackView says why an attack does not apply', () => {
  it('A7 needs an error to rewrite', () => {
    expect(attackView('A7', scenario('search_kb.hits')).inapplicable).toEqual({ why: 'needs_error' });
  });
  it('handler attacks need a success', () => {
    expect(attackView('A9', scenario('search_kb.no_access')).inapplicable).toEqual({
      why: 'needs_success',
      errorCode: 'NOT_FOUND',
    });
  });
  it('A11 starts from a plain store', () => {
    expect(attackView('A11', scenario('get_order.keyed')).inapplicable?.why).toBe('already_keyed');
  });
  it('an injection with nowhere to go is called out, not shown as a pass', () => {
    expect(attackView('A14', scenario('get_order.paid')).inapplicable).toEqual({ why: 'no_effect' });
  });
  it('an unknown tool has no data to attack', () => {
    const s = scenario('search_kb.hits');
    const v = attackView('A10', { ...s, context: { ...s.context, tool: 'send_email' } });
    expect(v.inapplicable).toEqual({ why: 'unknown_tool', tool: 'send_email' });
  });
});
