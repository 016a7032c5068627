/** Property tests over the scenarios (fast-check, fixed seed so CI is repeatable). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../json/canonical.ts';
import { resultDigest } from './digest.ts';
import { escapePointerSegment } from '../json/jsonPointer.ts';
import { project } from './project.ts';
import { validateResult } from './validateResult.ts';
import { scenarios, chapterTools } from '../../../../../src/chapter/index.ts';

const SEED = 20260719;
const built = scenarios.map((s) => ({ s, pkg: project(s.handler_output, s.context, chapterTools) }));
const successes = built.filter((b) => b.pkg.model_result.status === 'succeeded');

function leaves(v: unknown, path: string, out: string[]): string[] {
  if (Array.isArray(v)) v.forEach((c, i) => leaves(c, `${path}/${i}`, out));
  else if (v !== null && typeof v === 'object')
    for (const k of Object.keys(v))
      leaves((v as Record<string, unknown>)[k], `${path}/${escapePointerSegment(k)}`, out);
  else out.push(path);
  return out;
}
function setAt(root: unknown, pointer: string, value: unknown): void {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let cur = root as Record<string, unknown>;
  for (const p of parts.slice(0, -1)) cur = cur[p] as Record<string, unknown>;
  cur[parts.at(-1) as string] = value;
}
const getAt = (root: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((cur, p) => (cur as Record<string, unknown>)[p.replace(/~1/g, '/').replace(/~0/g, '~')], root);

describe('properties', () => {
  it('any change to any business field of any success scenario changes result_sha256', () => {
    const field = fc
      .constantFrom(...successes)
      .chain((b) =>
        fc.tuple(
          fc.constant(b),
          fc.constantFrom(...leaves(b.pkg.model_result.data, '/data', [])),
          fc.jsonValue({ maxDepth: 2 }),
        ),
      );
    fc.assert(
      fc.property(field, ([b, path, value]) => {
        fc.pre(canonicalize(value) !== canonicalize(getAt(b.pkg.model_result, path)));
        const changed = structuredClone(b.pkg.model_result);
        setAt(changed, path, value);
        expect(resultDigest(changed, b.s.context.key)).not.toBe(b.pkg.protected_audit.binding.result_sha256);
        expect(validateResult({ ...b.pkg, model_result: changed }, b.s.context, chapterTools).ok).toBe(false);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
  it('changing only the idempotency key changes call_binding_sha256 and leaves request_sha256 unchanged', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...built),
        // eslint-disable-next-line no-control-regex -- member names with control characters are a different test
        fc.string({ minLength: 1, maxLength: 64 }).filter((k) => !/[\u0000-\u001f\u007f]/.test(k)),
        ({ s, pkg }, key) => {
          fc.pre(key !== s.context.call.idempotency_key);
          const again = project(
            s.handler_output,
            { ...s.context, call: { ...s.context.call, idempotency_key: key } },
            chapterTools,
          );
          expect(again.protected_audit.binding.request_sha256).toBe(pkg.protected_audit.binding.request_sha256);
          expect(again.protected_audit.binding.result_sha256).toBe(pkg.protected_audit.binding.result_sha256);
          expect(again.protected_audit.binding.call_binding_sha256).not.toBe(
            pkg.protected_audit.binding.call_binding_sha256,
          );
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });
  it('swapping projections between any two scenario packages is rejected', () => {
    const pairs = built.flatMap((a) => built.filter((b) => b !== a).map((b) => [a, b] as const));
    fc.assert(
      fc.property(fc.constantFrom(...pairs), ([a, b]) => {
        // a's whole package in b's call: always another call.
        expect(validateResult(a.pkg, b.s.context, chapterTools).ok).toBe(false);
        // b's model_result in a's package, and b's audit around a's model_result, unless the two results are the
        // same bytes (get_order.paid and get_order.keyed see the same model_result: swapping them changes nothing).
        if (canonicalize(a.pkg.model_result) === canonicalize(b.pkg.model_result)) return;
        expect(
          validateResult(
            { model_result: b.pkg.model_result, protected_audit: a.pkg.protected_audit },
            a.s.context,
            chapterTools,
          ).ok,
        ).toBe(false);
        expect(
          validateResult(
            { model_result: a.pkg.model_result, protected_audit: b.pkg.protected_audit },
            a.s.context,
            chapterTools,
          ).ok,
        ).toBe(false);
      }),
      { seed: SEED, numRuns: pairs.length },
    );
  });
  it('project never throws on arbitrary JSON handler output, and what it makes validates', () => {
    fc.assert(
      fc.property(fc.constantFrom(...scenarios), fc.jsonValue({ maxDepth: 6 }), (s, raw) => {
        const pkg = project(raw, s.context, chapterTools);
        expect(validateResult(pkg, s.context, chapterTools).ok).toBe(true);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
  it('project never throws on mutated handler output (shape-aware), and what it makes validates', () => {
    fc.assert(
      fc.property(fc.constantFrom(...scenarios), fc.jsonValue({ maxDepth: 3 }), fc.nat(), (s, value, pick) => {
        const raw = structuredClone(s.handler_output);
        const paths = leaves(raw, '', []).filter((p) => p !== '');
        if (paths.length > 0) setAt(raw, paths[pick % paths.length] as string, value);
        expect(validateResult(project(raw, s.context, chapterTools), s.context, chapterTools).ok).toBe(true);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
  it('validateResult never throws on arbitrary values, and never accepts them', () => {
    fc.assert(
      fc.property(fc.constantFrom(...scenarios), fc.jsonValue({ maxDepth: 6 }), (s, pkg) => {
        const r = validateResult(pkg, s.context, chapterTools);
        expect(r.ok).toBe(false);
        expect(r.violations.length).toBeGreaterThan(0);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
  it('validateResult never throws on a mutated real package; a change is never silently accepted', () => {
    fc.assert(
      fc.property(fc.constantFrom(...built), fc.jsonValue({ maxDepth: 2 }), fc.nat(), ({ s, pkg }, value, pick) => {
        const mutated = structuredClone(pkg);
        const paths = leaves(mutated, '', []);
        const path = paths[pick % paths.length] as string;
        fc.pre(canonicalize(getAt(mutated, path)) !== canonicalize(value));
        setAt(mutated, path, value);
        const r = validateResult(mutated, s.context, chapterTools);
        // downstream, redactions and violations are descriptive: no digest (docs/digests.md) covers them, only
        // their schema is checked (see SECURITY.md and the pinned test below). Everything else is bound.
        if (!/^\/protected_audit\/(downstream|redactions|violations)\//.test(path)) expect(r.ok).toBe(false);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe('documented limits of the three bindings', () => {
  it('a rewritten downstream receipt_ref of valid shape still validates: it is not bound (SECURITY.md)', () => {
    const b = built.find((x) => x.s.id === 'create_refund_draft.created');
    const pkg = structuredClone(b?.pkg);
    if (pkg === undefined || b === undefined) throw new Error('scenario missing');
    pkg.protected_audit.downstream.receipt_ref = 'rcpt_forged_by_the_store';
    expect(validateResult(pkg, b.s.context, chapterTools).ok).toBe(true);
    pkg.protected_audit.downstream.receipt_ref = 'has spaces';
    expect(validateResult(pkg, b.s.context, chapterTools).violations.map((v) => v.code)).toEqual(['AUDIT_SCHEMA']);
  });
});
