/**
 * Fuzz: random and mutated inputs through the parser, the encoder,
 * the projector, the validator, the adapters and composeTurn. No exception
 * escapes untyped, nothing hangs, every rejection carries a code.
 * CI runs a fixed seed; `FUZZ_RUNS=20000 FUZZ_SEED=… npx vitest run test/fuzz.test.ts` runs longer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AdapterRefusedError,
  CanonicalizationError,
  TurnRefusedError,
  VIOLATION_CODES,
  canonicalize,
  composeTurn,
  parseStrictJson,
  project,
  toProviderItem,
  validateResult,
  type Package,
} from '../src/core/index.ts';
import { scenarios, chapterTools } from '../../../src/chapter/index.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20260719);
const opts = { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: 60_000 };
const codes = new Set<string>(VIOLATION_CODES);
if (process.env.FUZZ_RUNS !== undefined) console.log(`[fuzz] ${RUNS} runs per property, seed ${SEED}`);

/** A scenario's JSON text with a few characters replaced, inserted or deleted. */
const mutatedText = fc
  .tuple(
    fc.constantFrom(...scenarios),
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.constantFrom(
          '',
          '"',
          '{',
          '}',
          '[',
          ']',
          ',',
          ':',
          '\\',
          '\\u',
          '\ud800',
          '1e999',
          '-',
          '0',
          'null',
          ' ',
          '\u202e',
          '__proto__',
        ),
      ),
      { maxLength: 6 },
    ),
  )
  .map(([s, edits]) => {
    let text = JSON.stringify(s.handler_output, null, 1);
    for (const [pos, piece] of edits) {
      const at = pos % (text.length + 1);
      text = text.slice(0, at) + piece + text.slice(at + (pos % 3 === 0 ? 1 : 0));
    }
    return { s, text };
  });

/** Arbitrary values beyond JSON: what a careless caller might hand the core. */
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.anything({
    maxDepth: 3,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withNullPrototype: true,
    withSparseArray: true,
    withBoxedValues: true,
  }),
);

describe(`fuzz (seed ${SEED}, ${RUNS} runs each)`, () => {
  it('parser: mutated scenario text is parsed or refused with a code and a place', () => {
    fc.assert(
      fc.property(mutatedText, ({ text }) => {
        const r = parseStrictJson(text, { locations: true });
        if (!r.ok) {
          expect(r.error.code).toMatch(/^[A-Z_]+$/);
          expect(r.error.line).toBeGreaterThanOrEqual(1);
          expect(r.error.column).toBeGreaterThanOrEqual(1);
        }
      }),
      opts,
    );
  });
  it('encoder: any value is encoded or refused with a CanonicalizationError', () => {
    fc.assert(
      fc.property(hostileValue, (v) => {
        try {
          const text = canonicalize(v);
          expect(typeof text).toBe('string');
        } catch (e) {
          expect(e).toBeInstanceOf(CanonicalizationError);
          expect((e as CanonicalizationError).code).toMatch(/^[A-Z_]+$/);
        }
      }),
      opts,
    );
  });
  it('projector + validator + adapters: mutated handler text end to end', () => {
    fc.assert(
      fc.property(mutatedText, ({ s, text }) => {
        const parsed = parseStrictJson(text);
        if (!parsed.ok) return;
        const pkg = project(parsed.value, s.context, chapterTools);
        const report = validateResult(pkg, s.context, chapterTools);
        expect(report.ok).toBe(true); // whatever the handler said, the dispatcher's own package validates
        const item = toProviderItem(pkg, s.context, chapterTools);
        expect(JSON.stringify(item)).not.toContain(pkg.protected_audit.principal_ref);
      }),
      opts,
    );
  });
  it('projector: hostile non-JSON handler values never throw', () => {
    fc.assert(
      fc.property(fc.constantFrom(...scenarios), hostileValue, (s, v) => {
        const pkg = project(v, s.context, chapterTools);
        expect(validateResult(pkg, s.context, chapterTools).ok).toBe(true);
      }),
      opts,
    );
  });
  it('validator: hostile packages are rejected with catalogued codes, never thrown', () => {
    fc.assert(
      fc.property(fc.constantFrom(...scenarios), hostileValue, (s, v) => {
        const real = project(s.handler_output, s.context, chapterTools);
        for (const pkg of [
          v,
          { model_result: v, protected_audit: real.protected_audit },
          { model_result: real.model_result, protected_audit: v },
        ]) {
          const r = validateResult(pkg, s.context, chapterTools);
          expect(r.ok).toBe(false);
          for (const violation of r.violations) expect(codes.has(violation.code)).toBe(true);
        }
      }),
      opts,
    );
  });
  it('adapters and composeTurn: refusals are typed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...scenarios),
        hostileValue,
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 }),
        (s, v, ids) => {
          const real = project(s.handler_output, s.context, chapterTools);
          try {
            toProviderItem(
              { model_result: v, protected_audit: real.protected_audit } as Package,
              s.context,
              chapterTools,
            );
            throw new Error('a hostile model_result was serialized');
          } catch (e) {
            expect(e).toBeInstanceOf(AdapterRefusedError);
          }
          const calls = ids.map((id) => ({
            type: 'function_call' as const,
            call_id: id,
            name: s.context.tool,
            arguments: '{}',
          }));
          try {
            composeTurn('openai', calls, [{ package: real, trusted: s.context }], { tools: chapterTools });
          } catch (e) {
            expect(e instanceof TurnRefusedError || e instanceof AdapterRefusedError).toBe(true);
          }
        },
      ),
      opts,
    );
  });
});
