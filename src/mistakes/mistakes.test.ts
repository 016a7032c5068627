import { describe, expect, it } from 'vitest';
import { project, validateResult, type Scenario } from '#lib/core/index.ts';
import { MISTAKES, findMistake } from './index.ts';
import { consequenceOf } from './mistakeText.ts';
import { findScenario, chapterTools } from '../chapter/index.ts';

const s = (id: string) => findScenario(id) as Scenario;

describe('the eight mistakes each show their consequence on their scenario', () => {
  it('are the chapter’s eight, in order', () => expect(MISTAKES.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]));
  it.each(MISTAKES.map((m) => [m.id, m] as const))('mistake %i', (_id, m) => {
    const run = m.run(s(m.scenario));
    expect(run.shows).toBe(true);
    expect(consequenceOf('en', run).length).toBeGreaterThan(20);
    expect(consequenceOf('zh', run).length).toBeGreaterThan(5);
    expect(run.correct.value).not.toEqual(run.mistaken.value);
  });
});

describe('what each mistake does, concretely', () => {
  it('1: the all-fields object leaks the principal ref, receipt and idempotency key', () => {
    const run = findMistake(1)?.run(s('create_refund_draft.created'));
    expect(run?.evidence).toEqual(
      expect.arrayContaining(['rcpt_9f8e7d6c5b4a', 'tenant-acme-retail', 'idem_09_9c2d71e4b8a0']),
    );
    expect(JSON.stringify(run?.correct.value)).not.toContain('rcpt_9f8e7d6c5b4a');
  });
  it('2: the unchecked output passes the injected status; the real one refuses it', () => {
    const run = findMistake(2)?.run(s('create_refund_draft.status_injected'));
    expect(run?.evidence).toEqual(['status']);
    expect((run?.correct.value as { error: { code: string } }).error.code).toBe('OUTPUT_CONTRACT_VIOLATION');
    expect(findMistake(2)?.run(s('get_order.paid')).shows).toBe(false); // a clean handler shows nothing
  });
  it('3: the shape-only check accepts a forged digest that validateResult rejects', () => {
    const run = findMistake(3)?.run(s('get_order.paid'));
    expect(run?.mistaken.value).toEqual({ ok: true });
    expect(run?.evidence).toContain('RESULT_DIGEST_MISMATCH');
  });
  it('4: booleans make replay and reconciliation alike, and dispatch the write again', () => {
    const run = findMistake(4)?.run(s('create_refund_draft.outcome_unknown'));
    expect(run?.evidence).toEqual(['dispatch create_refund_draft again']);
    expect((run?.correct.value as { next_step: string }).next_step).toMatch(/^query the status/);
  });
  it('5: a rewritten message flips the decision; the catalog does not', () => {
    const run = findMistake(5)?.run(s('create_refund_draft.outcome_unknown'));
    expect(run?.evidence).toEqual(['stop', 'retry now']);
    expect((run?.correct.value as { recovery: string }).recovery).toBe('query_status');
  });
  it('4 and 5 claim a harm only where the learner’s input shows one', () => {
    const fresh = findMistake(4)!.run(s('search_kb.hits'));
    expect([fresh.shows, fresh.evidence]).toEqual([false, []]);
    expect(consequenceOf('zh', fresh)).toMatch(/没有丢失任何信息/);
    const replay = findMistake(4)!.run(s('get_order.local_replay'));
    expect(replay.shows).toBe(true);
    expect(consequenceOf('en', replay)).toMatch(/^This result reads cached: true/);
    // Mistake 5 on a success says so and claims nothing.
    const ok = findMistake(5)!.run(s('search_kb.hits'));
    expect([ok.shows, consequenceOf('en', ok)]).toEqual([false, 'This result has no error: try an error scenario.']);
  });
  it('6: pass-through puts the token in the payload', () => {
    const run = findMistake(6)?.run(s('search_kb.token_leak'));
    expect(run?.evidence).toEqual(['sk_live_51H8xQ2eZvKYlo2C']);
  });
  it('7: positional pairing gives each call the other call’s result', () => {
    const run = findMistake(7)?.run(s('search_kb.hits'));
    expect(run?.evidence).toHaveLength(2);
    expect(run && consequenceOf('en', run)).toContain('search_kb gets the get_order result');
  });
  it('8: an Anthropic-shaped model loses Gemini’s name and OpenAI’s error flag', () => {
    const run = findMistake(8)?.run(s('search_kb.rate_limited'));
    const others = run?.mistaken.value as { gemini: Record<string, unknown> };
    expect(others.gemini).not.toHaveProperty('name');
    expect(run?.evidence.join(' ')).toContain('is_error');
  });
  it('turning a mistake off restores the correct verdict: the real core is untouched by it', () => {
    // What the learn mode shows with every switch off: the real core's package and verdict on the scenario.
    const verdict = (sc: Scenario) => {
      const pkg = project(sc.handler_output, sc.context, chapterTools);
      return { pkg, report: validateResult(pkg, sc.context, chapterTools) };
    };
    for (const m of MISTAKES) {
      const scenario = s(m.scenario);
      const input = structuredClone(scenario);
      const before = verdict(scenario);
      const on = m.run(scenario);
      expect(on.shows, `mistake ${m.id} shows on its scenario`).toBe(true);
      // Switched off again: the same input, the same package, the same verdict as before it ran.
      expect(scenario, `mistake ${m.id} leaves its input as it was`).toEqual(input);
      expect(verdict(scenario), `mistake ${m.id} leaves the core's verdict as it was`).toEqual(before);
    }
    // And the correct side of a run is that verdict, not the mistaken one.
    const run = findMistake(3)?.run(s('get_order.paid'));
    expect((run?.correct.value as { ok: boolean }).ok).toBe(false);
    expect(verdict(s('get_order.paid')).report.ok).toBe(true);
  });
});
