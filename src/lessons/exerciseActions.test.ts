import { describe, expect, it } from 'vitest';
import type { Scenario } from '#lib/core/result/index.ts';
import {
  inject,
  injectionsIn,
  presentEdit,
  replaceKey,
  scanPayloads,
  scanProjections,
  seal,
  swapResults,
} from './exerciseActions.ts';
import { EXERCISE_SCENARIO_IDS, findScenario } from '../chapter/index.ts';

const five = (): Scenario[] => EXERCISE_SCENARIO_IDS.map((id) => findScenario(id) as Scenario);
const sealedFive = () => five().map((s) => seal(s.handler_output, s.context));

describe('the exercise’s actions', () => {
  it('an untouched sealed result presents clean; a changed business field is RESULT_DIGEST_MISMATCH', () => {
    const [s1] = five() as [Scenario];
    const sealed = seal(s1.handler_output, s1.context);
    const same = presentEdit(sealed, structuredClone(s1.handler_output), s1.context, 1);
    expect(same.presented.report.ok).toBe(true);
    expect(same.step).toBeNull();
    const edited = structuredClone(s1.handler_output) as { data: { hits: { title: string }[] } };
    (edited.data.hits[0] as { title: string }).title = 'Refunds are never possible';
    const r = presentEdit(sealed, edited, s1.context, 1);
    expect(r.changed).toEqual(['/data/hits/0/title']);
    expect(r.presented.report.violations.map((v) => v.code)).toContain('RESULT_DIGEST_MISMATCH');
    expect(r.presented.report.stored.result_sha256).not.toBe(r.presented.report.recomputed.result_sha256);
    expect(r.step).toMatchObject({ step: 'edit_sealed', slot: 1, path: '/data/hits/0/title' });
  });

  it('a sealed result under a context whose idempotency key alone the learner replaced breaks the call binding, and shows that part of proof 3', () => {
    const [s1] = five() as [Scenario];
    const sealed = seal(s1.handler_output, s1.context);
    const t2 = { ...s1.context, call: { ...s1.context.call, idempotency_key: 'idem_typed_by_the_learner' } };
    const r = presentEdit(sealed, structuredClone(s1.handler_output), t2, 1);
    expect(r.presented.report.violations.map((v) => v.code)).toContain('CALL_BINDING_MISMATCH');
    expect(r.step).toMatchObject({ step: 'replace_key', slot: 1 });
    // Another change of the context besides the key is not "only the key".
    const t3 = { ...t2, now: '2026-07-19T00:09:59Z' };
    expect(presentEdit(sealed, structuredClone(s1.handler_output), t3, 1).step).toBeNull();
  });

  it('swapping results 1 and 2 breaks both bindings; identical results show nothing', () => {
    const [a, b] = sealedFive() as [ReturnType<typeof seal>, ReturnType<typeof seal>];
    const r = swapResults(a, b, 1, 2);
    for (const p of [r.aUnderB, r.bUnderA])
      expect(p.report.violations.map((v) => v.code)).toEqual(
        expect.arrayContaining(['RESULT_DIGEST_MISMATCH', 'CALL_BINDING_MISMATCH']),
      );
    expect(r.step).toMatchObject({ step: 'swap', a: 1, b: 2 });
    expect(swapResults(a, a, 1, 1).step).toBeNull();
  });

  it('a new idempotency key alone breaks the call binding, not the request digest', () => {
    const [a] = sealedFive() as [ReturnType<typeof seal>];
    const r = replaceKey(a, 1);
    const codes = r.presented.report.violations.map((v) => v.code);
    expect(codes).toContain('CALL_BINDING_MISMATCH');
    expect(codes).not.toContain('REQUEST_DIGEST_MISMATCH');
    expect(r.step).toMatchObject({ step: 'replace_key', slot: 1 });
  });

  it('each injection into a successful result is refused with its code; an error result has nothing to inject into', () => {
    const [s1, , s3] = five() as [Scenario, Scenario, Scenario];
    expect(inject('status', s1.handler_output, s1.context, 1)?.step).toMatchObject({ code: 'DATA_SCHEMA' });
    expect(inject('token', s1.handler_output, s1.context, 1)?.step).toMatchObject({ code: 'SENSITIVE_FIELD' });
    expect(inject('extra', s1.handler_output, s1.context, 1)?.step).toMatchObject({ code: 'DATA_SCHEMA' });
    expect(inject('token', s3.handler_output, s3.context, 3)).toBeNull();
  });

  it('an injection typed by hand is recognised by the refusal it draws: a status beside kind or at the top of data, a nested token, an extra field', () => {
    const [s1] = five() as [Scenario];
    const h = s1.handler_output as {
      data: { hits: Record<string, unknown>[] } & Record<string, unknown>;
      provenance: object;
    };
    const steps = (raw: unknown) => injectionsIn(raw, s1.context, 1).map((s) => [s.injection, s.code, s.path]);
    expect(steps({ ...h, status: 'succeeded' })).toEqual([['status', 'RESULT_SCHEMA', '/status']]);
    expect(steps({ ...h, data: { ...h.data, status: 'succeeded' } })).toEqual([
      ['status', 'DATA_SCHEMA', '/data/status'],
    ]);
    const hits = [{ ...h.data.hits[0], token: 'tok_live_1' }, ...h.data.hits.slice(1)];
    expect(steps({ ...h, data: { ...h.data, hits } })).toEqual([['token', 'SENSITIVE_FIELD', '/data/hits/0/token']]);
    expect(steps({ ...h, data: { ...h.data, internal_note: 'x' } })).toEqual([
      ['extra', 'DATA_SCHEMA', '/data/internal_note'],
    ]);
    // The object that only carries a token is the token's, not a field of its own.
    expect(steps({ ...h, data: { ...h.data, meta: { token: 'x' } } })).toEqual([
      ['token', 'SENSITIVE_FIELD', '/data/meta/token'],
    ]);
    // Nested anywhere below the envelope, a denied key is the token; beside kind it is not nested.
    expect(steps({ ...h, provenance: { ...h.provenance, api_key: 'x' } })).toEqual([
      ['token', 'SENSITIVE_FIELD', '/provenance/api_key'],
    ]);
    expect(steps({ ...h, token: 'x' })).toEqual([]);
    // A wrong value of a listed member is no injection; an accepted output carries none.
    expect(steps({ ...h, data: { ...h.data, query: 5 } })).toEqual([]);
    expect(steps(h)).toEqual([]);
    // What a button writes is recognised the same way: one step, the same one.
    expect(inject('token', h, s1.context, 1)?.step).toEqual({
      step: 'inject',
      slot: 1,
      injection: 'token',
      code: 'SENSITIVE_FIELD',
      path: '/data/hits/0/token',
    });
  });

  it('a key typed beside another change does not count, and says what else changed; a refused text is no business change', () => {
    const [s1] = five() as [Scenario];
    const sealed = seal(s1.handler_output, s1.context);
    const t2 = { ...s1.context, call: { ...s1.context.call, idempotency_key: 'idem_typed_by_the_learner' } };
    const edited = structuredClone(s1.handler_output) as { data: { hits: { title: string }[] } };
    (edited.data.hits[0] as { title: string }).title = 'Refunds are never possible';
    const both = presentEdit(sealed, edited, t2, 1);
    expect(both.keyChange).toEqual({ counted: false, others: ['/data/hits/0/title'], refusedCodes: [] });
    expect(both.step).toMatchObject({ step: 'edit_sealed' });
    expect(presentEdit(sealed, structuredClone(s1.handler_output), t2, 1).keyChange?.counted).toBe(true);
    const injected = { ...(s1.handler_output as object), status: 'succeeded' };
    const refused = presentEdit(sealed, injected, s1.context, 1);
    expect(refused.refusedCodes).toEqual(['RESULT_SCHEMA']);
    expect(refused.changed).toEqual([]);
    expect(refused.step).toBeNull();
  });

  it('the scans show their proofs over five sealed results only, and name a leak', () => {
    const all = sealedFive();
    expect(scanProjections(all).step).toMatchObject({ slots: [1, 2, 3, 4, 5] });
    expect(scanPayloads(all).step).toMatchObject({ payloads: 20 });
    expect(scanProjections([...all.slice(0, 4), null]).step).toBeNull();
    const leaky = structuredClone(all[0]) as ReturnType<typeof seal>;
    (leaky.pkg.model_result as unknown as Record<string, unknown>).note = leaky.trusted.principal.subject;
    const r = scanProjections([leaky, ...all.slice(1)]);
    expect(r.step).toBeNull();
    expect(r.results[0]?.found[0]).toContain(leaky.trusted.principal.subject);
  });
});
