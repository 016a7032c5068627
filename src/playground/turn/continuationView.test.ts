import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '#lib/core/json/index.ts';
import { runTurn } from '#lib/core/turn/index.ts';
import { auditProof, viewContinuation } from './continuationView.ts';
import { isHealthyFixture, turnFixtures, chapterTools } from '../../chapter/index.ts';

const at = (root: unknown, ptr: string): unknown =>
  ptr
    .split('/')
    .slice(1)
    .reduce<unknown>((v, k) => (v as Record<string, unknown>)[k.replaceAll('~1', '/').replaceAll('~0', '~')], root);

const healthy = turnFixtures.filter(isHealthyFixture);
const cases = healthy.flatMap((f) => (['stateful', 'stateless'] as const).map((m) => [f.id, m, f] as const));

describe('viewContinuation over every healthy fixture and mode', () => {
  it.each(cases)('%s %s', (_id, mode, f) => {
    const v = viewContinuation(f.provider, f.stream, f.turn_context, f.handlers, mode);
    const r = runTurn(f.provider, f.stream, f.turn_context, f.handlers, chapterTools, mode);
    if (f.provider === 'anthropic' && mode === 'stateful') {
      expect(v).toMatchObject({ ok: false, stage: 'refused' });
      return;
    }
    if (!v.ok) throw new Error('detail' in v ? v.detail : v.stage);
    // The same body and packages as the core's runTurn.
    expect(v.body).toEqual(r.continuation);
    expect(v.packages.map((p) => p.package)).toEqual(r.calls.map((c) => c.package));
    expect(v.body_text).toBe(canonicalize(r.continuation));
    // Each result answers its call, by id.
    expect(v.pairs.map((p) => p.call_id)).toEqual(r.calls.map((c) => c.call_id));
    for (const p of v.pairs) {
      const result = at(v.body, p.result_pointer) as Record<string, unknown>;
      expect(result.call_id ?? result.tool_use_id).toBe(p.call_id);
      if (mode === 'stateless') {
        const call = at(v.body, p.call_pointer ?? '') as Record<string, unknown>;
        expect(f.provider === 'openai' ? call.call_id : call.id).toBe(p.call_id);
      } else expect(p.call_pointer).toBeNull();
    }
    // The proof line: many values searched, none found.
    expect(v.proof.searched.length).toBeGreaterThanOrEqual(8);
    expect(v.proof.found).toEqual([]);
    expect(v.results_first).toBe(f.provider === 'anthropic');
    for (const p of v.packages) {
      expect(p.trusted.call.response_id).toBe(r.response_id);
      expect(p.trusted.call.call_id).toBe(p.call_id);
    }
  });
});

describe('the view can fail, and says where', () => {
  const f = turnFixtures.find((x) => x.id === 'openai.parallel_calls');
  if (f === undefined) throw new Error('fixture');
  it('the proof catches a receipt put in the body', () => {
    const v = viewContinuation(f.provider, f.stream, f.turn_context, f.handlers, 'stateless');
    if (!v.ok) throw new Error('detail' in v ? v.detail : v.stage);
    const receipt = v.packages
      .map((p) => p.package.protected_audit.downstream.receipt_ref)
      .find((x) => x !== null) as string;
    const leaky = canonicalize({ ...v.body, leaked: receipt });
    expect(auditProof(leaky, v.packages, f.turn_context, 'x').found).toEqual([receipt]);
  });
  it('a missing handler output, a turn with problems, bad text: stages, never a throw', () => {
    const first = Object.keys(f.handlers)[0] as string;
    const rest = Object.fromEntries(Object.entries(f.handlers).filter(([k]) => k !== first));
    expect(viewContinuation(f.provider, f.stream, f.turn_context, rest, 'stateless')).toMatchObject({
      ok: false,
      stage: 'bad_input',
      call_id: first,
      params: { kind: 'no_handler_output', call_id: first },
    });
    const bad = turnFixtures.find((x) => x.id === 'openai.truncated');
    expect(viewContinuation('openai', bad?.stream ?? [], f.turn_context, {}, 'stateless')).toMatchObject({
      ok: false,
      stage: 'problems',
      codes: ['NOT_A_TOOL_TURN'],
    });
    expect(viewContinuation('openai', '[{', f.turn_context, {}, 'stateless')).toMatchObject({
      ok: false,
      stage: 'bad_input',
      call_id: null,
      params: { kind: 'stream_text', line: 1, column: expect.any(Number), code: expect.any(String) },
    });
  });
  it('property: the order of the handler outputs never changes the body (pairing is by id)', () => {
    const entries = Object.entries(f.handlers);
    const base = viewContinuation(f.provider, f.stream, f.turn_context, f.handlers, 'stateless');
    fc.assert(
      fc.property(
        fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length }),
        (shuffled) => {
          const v = viewContinuation(f.provider, f.stream, f.turn_context, Object.fromEntries(shuffled), 'stateless');
          expect(v).toEqual(base);
        },
      ),
      { seed: 13, numRuns: 20 },
    );
  });
});
