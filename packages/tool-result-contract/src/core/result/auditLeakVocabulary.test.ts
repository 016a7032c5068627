/**
 * Review finding 6: a principal named like a word of the result itself
 * (subject `delivery`, `execution`, `revision`, `recovery`, `category`) got
 * no valid package at all: every model_result holds those words, so each was
 * refused AUDIT_LEAK on the envelope's own vocabulary. The decision
 * (docs/contract.md#words-of-the-contract): an audit value found in the
 * contract's fixed words is not searched for. Here, over generated
 * principals, every chapter scenario gets a package its validator accepts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chapterTools, scenarios } from '../../../../../src/chapter/index.ts';
import { ERROR_CATALOG } from '../tables/errorCatalog.ts';
import type { ToolSpec } from '../tables/registry.ts';
import { contextFacts } from './contextFacts.ts';
import { project } from './project.ts';
import type { TrustedContext } from './trustedContext.ts';
import { validateResult } from './validateResult.ts';

const SEED = 20260719;
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

/** What a model_result is written with, besides what a handler writes: the words a principal can be named like. */
const WORDS = [
  'schema_version',
  'status',
  'data',
  'error',
  'code',
  'category',
  'outcome',
  'recovery',
  'message',
  'retry_after_ms',
  'execution',
  'delivery',
  'complete',
  'truncated',
  'provenance',
  'source_label',
  'producer_revision',
  'resource_revision',
  'observed_at',
  'trust',
  'tool-model-result-v2',
  'succeeded',
  'failed',
  'not_started',
  'committed',
  'unknown',
  'fresh',
  'local_replay',
  'receipt_reconciled',
  'untrusted_data',
  'trusted_control',
  'dispatcher',
  'dispatcher-v1',
  ...Object.values(ERROR_CATALOG).flatMap((e) => [e.code, e.category, e.recovery, e.message]),
  ...Object.values(chapterTools).flatMap((s: ToolSpec) => [s.source_label, s.revisions.producer_revision]),
  'order_ref',
  'draft_ref',
  'doc_ref',
  'snippet',
];

/** A piece of a word (8 characters or more, or the whole word), in its case or another. */
const wordLike = fc
  .tuple(fc.constantFrom(...WORDS), fc.nat(), fc.nat(), fc.constantFrom('as is', 'upper', 'title'))
  .map(([w, a, b, how]) => {
    const len = w.length <= 8 ? w.length : 8 + (b % (w.length - 7));
    const from = a % (w.length - len + 1);
    const piece = w.slice(from, from + len);
    return how === 'upper' ? piece.toUpperCase() : how === 'title' ? piece[0]?.toUpperCase() + piece.slice(1) : piece;
  });
const principalId = fc.oneof(
  { weight: 3, arbitrary: wordLike },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9_-]{8,16}$/) },
);

describe('a principal named like a word of the result', () => {
  it.each(['delivery', 'execution', 'revision', 'recovery', 'category'])(
    'subject %s: the chapter scenarios make the packages they make for anyone',
    (subject) => {
      for (const sc of scenarios) {
        const t: TrustedContext = { ...sc.context, principal: { ...sc.context.principal, subject } };
        const pkg = project(sc.handler_output, t, chapterTools);
        expect(validateResult(pkg, t, chapterTools).violations).toEqual([]);
        const usual = project(sc.handler_output, sc.context, chapterTools);
        expect([sc.id, pkg.model_result.status, pkg.model_result.error?.code]).toEqual([
          sc.id,
          usual.model_result.status,
          usual.model_result.error?.code,
        ]);
      }
    },
  );

  it('property: every generated principal gets a package the validator accepts, for every chapter scenario', () => {
    let worded = 0;
    fc.assert(
      fc.property(principalId, principalId, fc.nat(), (tenant, subject, pick) => {
        const sc = scenarios[pick % scenarios.length] as (typeof scenarios)[number];
        const t: TrustedContext = { ...sc.context, principal: { tenant, subject } };
        if (WORDS.some((w) => w.toLowerCase().includes(subject.toLowerCase()))) worded++;
        const pkg = project(sc.handler_output, t, chapterTools);
        expect(validateResult(pkg, t, chapterTools).violations).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The property is about word-like names: most generated subjects must be pieces of the words.
    expect(worded).toBeGreaterThan(RUNS / 2);
  });

  it('an id that is not a word of the contract is still searched for', () => {
    const sc = scenarios.find((s) => s.id === 'search_kb.hits');
    if (sc === undefined) throw new Error('the chapter ships search_kb.hits');
    const t: TrustedContext = { ...sc.context, principal: { tenant: 'delivery', subject: 'user-7f3a9c21' } };
    expect(contextFacts(t, chapterTools).auditValues).toContain('user-7f3a9c21');
    expect(contextFacts(t, chapterTools).auditValues).not.toContain('delivery');
    const out = structuredClone(sc.handler_output) as { data: { hits: { title: string }[] } };
    (out.data.hits[0] as { title: string }).title = 'for user-7f3a9c21';
    expect(project(out, t, chapterTools).model_result.status).not.toBe('succeeded');
  });
});
