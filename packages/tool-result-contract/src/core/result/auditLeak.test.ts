/**
 * The projection never hands out a package its own validator refuses
 * (docs/contract.md, "Two projections"). Generated handler outputs for every
 * tool of the chapter's registry, under generated trusted contexts, each with
 * an audit value of the call (or a deny-listed key) written into one place
 * the handler controls: whatever it is, `validateResult` accepts what
 * `project` made, and a model_result that carries the value is never a success.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapePointerSegment } from '../json/jsonPointer.ts';
import { previewPayloads } from '../lastHop/payloadPreview.ts';
import { openLiveSession } from '../live/liveSession.ts';
import { ERROR_CATALOG, type ErrorCode } from '../tables/errorCatalog.ts';
import { type ToolSpec } from '../tables/registry.ts';
import { contextFacts } from './contextFacts.ts';
import { project, projectDetailed } from './project.ts';
import type { TrustedContext } from './trustedContext.ts';
import { validateResult } from './validateResult.ts';
import { chapterTools } from '../../../../../src/chapter/index.ts';

const SEED = 20260719;
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

/**
 * Ids in the shapes that fit where a handler writes: `[A-Za-z0-9._:-]` fits a
 * resource_revision, digits fit an order ref and the fraction of observed_at,
 * and ids under 8 characters are not audit values at all.
 */
const auditId = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9._:-]{8,24}$/),
  fc.stringMatching(/^[0-9]{8,9}$/),
  fc.stringMatching(/^[a-z0-9_]{1,7}$/),
  fc.constantFrom('tenant-acme-retail', 'user-7f3a9c21', 'call_01_a7f3c4e1', 'idem_01_9c2d71e4b8a0'),
);
const digits = (max: number) => fc.stringMatching(new RegExp(`^[0-9]{1,${max}}$`));
const text = (max: number) => fc.string({ minLength: 1, maxLength: max, unit: 'grapheme-ascii' });

const argsFor = (tool: string): fc.Arbitrary<Record<string, unknown>> => {
  switch (tool) {
    case 'get_order':
      return fc.record({ order_ref: digits(12).map((d) => `ORDER-${d}`) });
    case 'create_refund_draft':
      return fc.record({ order_ref: digits(12).map((d) => `ORDER-${d}`), reason: text(40) });
    default:
      return fc.record({ query: text(40), top_k: fc.integer({ min: 1, max: 10 }) }, { requiredKeys: ['query'] });
  }
};

const contexts: fc.Arbitrary<TrustedContext> = fc
  .record({
    tenant: auditId,
    subject: auditId,
    provider: fc.constantFrom('openai', 'anthropic', 'gemini'),
    response_id: auditId,
    call_id: auditId,
    operation_id: auditId,
    idempotency_key: auditId,
    tool: fc.constantFrom(...Object.keys(chapterTools)),
    delivery: fc.constantFrom('fresh', 'local_replay', 'receipt_reconciled'),
    now: fc.constantFrom('2026-07-19T00:00:05Z', '2026-07-19T00:10:00.5Z'),
    keyed: fc.boolean(),
  })
  .chain((r) => argsFor(r.tool).map((args) => ({ ...r, args })))
  .map((r) => {
    const family = { openai: 'responses', anthropic: 'messages', gemini: 'interactions' }[r.provider] as string;
    const ctx: TrustedContext = {
      principal: { tenant: r.tenant, subject: r.subject },
      call: {
        provider: r.provider,
        api_family: family,
        adapter_revision: `${r.provider}-${family}-2026-07-19`,
        response_id: r.response_id,
        call_id: r.call_id,
        operation_id: r.operation_id,
        idempotency_key: r.idempotency_key,
      },
      tool: r.tool,
      arguments: r.args as TrustedContext['arguments'],
      delivery: r.delivery,
      now: r.now,
    };
    if (r.keyed) ctx.key = { id: 'k-1', secret: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff' };
    return ctx;
  });

const ref = fc.oneof(fc.constant(null), fc.stringMatching(/^[\x21-\x7e]{8,24}$/), auditId);

/** A handler output that keeps its tool's contract, so the inserted value is the only thing wrong with it. */
function outputFor(spec: ToolSpec, args: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const data: fc.Arbitrary<Record<string, unknown>> =
    spec.name === 'get_order'
      ? fc.record({ order_ref: fc.constant(args.order_ref), status: fc.constantFrom('paid', 'pending', 'refunded') })
      : spec.name === 'create_refund_draft'
        ? fc.record({
            draft_ref: digits(12).map((d) => `DRAFT-${d}`),
            order_ref: fc.constant(args.order_ref),
            reason: fc.constant(args.reason),
          })
        : fc.record({
            query: fc.constant(args.query),
            hits: fc.array(
              fc.record({
                doc_ref: digits(12).map((d) => `KB-${d}`),
                title: text(30),
                snippet: text(60),
                url: fc.stringMatching(/^[a-z0-9]{1,12}$/).map((p) => `https://kb.example.com/${p}`),
              }),
              { maxLength: typeof args.top_k === 'number' ? args.top_k : 5 },
            ),
          });
  const downstream = fc.record(
    { request_ref: ref, receipt_ref: ref, status_ref: ref },
    { requiredKeys: ['request_ref', 'receipt_ref', 'status_ref'] },
  );
  const observed_at = fc.oneof(
    fc.constant('2026-07-19T00:00:02Z'),
    digits(9).map((d) => `2026-07-19T00:00:02.${d}Z`),
  );
  const raisable = (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter((c) => ERROR_CATALOG[c].handlerMayRaise);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('success'),
        data,
        provenance: fc.record({
          source_label: fc.constant(spec.source_label),
          producer_revision: fc.constant(spec.revisions.producer_revision),
          resource_revision: fc.stringMatching(/^[A-Za-z0-9._:-]{1,24}$/),
          observed_at,
        }),
        downstream,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record(
        {
          kind: fc.constant('error'),
          error: fc
            .constantFrom(...raisable)
            .map((code) => (ERROR_CATALOG[code].retryAfter === 'required' ? { code, retry_after_ms: 1000 } : { code })),
          observed_at,
          downstream,
        },
        { requiredKeys: ['kind', 'error'] },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.record(
        { kind: fc.constant('exception'), detail: text(40), downstream },
        { requiredKeys: ['kind'] },
      ),
    },
  );
}

type Place = { path: (string | number)[]; name: boolean };

/** Every string the handler wrote (as a value, and as a member name), and every object it could add a member to. */
function places(v: unknown, at: (string | number)[] = []): { strings: Place[]; objects: (string | number)[][] } {
  const out = { strings: [] as Place[], objects: [] as (string | number)[][] };
  const walk = (x: unknown, path: (string | number)[]) => {
    if (typeof x === 'string') out.strings.push({ path, name: false });
    else if (Array.isArray(x)) x.forEach((c, i) => walk(c, [...path, i]));
    else if (x !== null && typeof x === 'object') {
      out.objects.push(path);
      for (const [k, c] of Object.entries(x)) {
        out.strings.push({ path: [...path, k], name: true });
        walk(c, [...path, k]);
      }
    }
  };
  walk(v, at);
  return out;
}

const parentOf = (root: unknown, path: (string | number)[]) =>
  path.slice(0, -1).reduce<unknown>((cur, p) => (cur as Record<string | number, unknown>)[p], root) as Record<
    string | number,
    unknown
  >;

/** How the value goes in: as the whole string, around it, or where only that shape fits (an RFC 3339 fraction). */
type Insert = 'replace' | 'prefix' | 'suffix' | 'fraction';
function inserted(old: string, needle: string, how: Insert): string {
  switch (how) {
    case 'replace':
      return needle;
    case 'prefix':
      return `${needle}${old}`;
    case 'suffix':
      return `${old}${needle}`;
    case 'fraction':
      return /^[0-9]{1,9}$/.test(needle) ? `2026-07-19T00:00:02.${needle}Z` : needle;
  }
}

/** The words of every answer the dispatcher writes itself. */
const MODEL_WORDS = [
  'tool-model-result-v2',
  'dispatcher-v1',
  'trusted_control',
  'untrusted_data',
  'not_started',
  'committed',
  'receipt_reconciled',
  'local_replay',
  ...Object.values(ERROR_CATALOG).flatMap((e) => [e.code, e.category, e.recovery, e.message]),
  ...Object.values(chapterTools).flatMap((s) => [s.source_label, s.revisions.producer_revision]),
];

const DENIED = [
  'token',
  'call_id',
  'Idempotency-Key',
  'tenant',
  'principal_ref',
  'receipt',
  'api key',
  'result_sha256',
];

/** The case: a context, an output for its tool, and one edit of the output. */
const cases = contexts.chain((t) =>
  fc.record({
    t: fc.constant(t),
    h: outputFor(chapterTools[t.tool] as ToolSpec, t.arguments as Record<string, unknown>),
    edit: fc.record({
      // Which audit value: one of the call's, or one of the downstream refs the output itself carries.
      value: fc.nat(),
      place: fc.nat(),
      how: fc.constantFrom<Insert>('replace', 'prefix', 'suffix', 'fraction'),
      denied: fc.option(fc.constantFrom(...DENIED), { freq: 4 }),
      // Or a downstream ref that is a piece of what the model reads anyway: its own text becomes audit material.
      echo: fc.option(fc.tuple(fc.constantFrom('request_ref', 'receipt_ref', 'status_ref'), fc.nat(), fc.nat()), {
        freq: 4,
      }),
    }),
  }),
);

function apply(
  h: Record<string, unknown>,
  t: TrustedContext,
  edit: {
    value: number;
    place: number;
    how: Insert;
    denied: string | null;
    echo: [string, number, number] | null;
  },
) {
  const out = structuredClone(h);
  if (edit.echo !== null) {
    const [member, pick, at] = edit.echo;
    const visible = [
      ...places({ ...out, downstream: null })
        .strings.filter((p) => !p.name)
        .map((p) => parentOf(out, p.path)[p.path.at(-1) as string | number] as string),
      ...MODEL_WORDS,
      t.now,
    ].flatMap((s) => s.split(' ').filter((w) => /^[\x21-\x7e]{8,}$/.test(w)));
    const word = visible[pick % visible.length] as string;
    const from = at % (word.length - 7);
    const piece = word.slice(from, from + 8 + (at % (word.length - 7 - from + 1)));
    out.downstream = { request_ref: null, receipt_ref: null, status_ref: null, [member]: piece };
    return { out, needle: piece, where: `/downstream/${member}` };
  }
  if (edit.denied !== null) {
    const objects = places(out).objects;
    const target = objects[edit.place % objects.length] as (string | number)[];
    const obj = target.reduce<unknown>((cur, p) => (cur as Record<string | number, unknown>)[p], out) as Record<
      string,
      unknown
    >;
    obj[edit.denied] = 'x';
    return { out, needle: edit.denied, where: `/${target.map((p) => escapePointerSegment(String(p))).join('/')}` };
  }
  const refs = Object.values((out.downstream ?? {}) as Record<string, unknown>).filter(
    (v): v is string => typeof v === 'string',
  );
  const values = [...contextFacts(t, chapterTools).auditValues, ...refs].filter((v) => v.length >= 8);
  const needle = values[edit.value % values.length] as string;
  const strings = places(out).strings;
  const place = strings[edit.place % strings.length] as Place;
  const parent = parentOf(out, place.path);
  const last = place.path.at(-1) as string | number;
  if (place.name) {
    const renamed = inserted(String(last), needle, edit.how);
    const entries = Object.entries(parent).map(([k, v]) => [k === last ? renamed : k, v] as const);
    for (const k of Object.keys(parent)) delete parent[k];
    Object.assign(parent, Object.fromEntries(entries));
  } else parent[last] = inserted(parent[last] as string, needle, edit.how);
  return { out, needle, where: `/${place.path.map((p) => escapePointerSegment(String(p))).join('/')}` };
}

/**
 * Every context can be answered validly: an id that is a piece of the dispatcher's own words is not
 * searched for (docs/contract.md#words-of-the-contract). Asserted, not assumed, in each property.
 */
const dispatcherCanAnswer = (t: TrustedContext) =>
  validateResult(project({ kind: 'exception' }, t, chapterTools), t, chapterTools).ok &&
  validateResult(project(null, t, chapterTools), t, chapterTools).ok;

describe('project never returns a package validateResult refuses under the same context', () => {
  it('an audit value or a deny-listed key anywhere the handler writes: accepted, or a contract violation that is', () => {
    fc.assert(
      fc.property(cases, ({ t, h, edit }) => {
        expect(dispatcherCanAnswer(t)).toBe(true);
        const { out } = apply(h, t, edit);
        const { pkg, violations } = projectDetailed(out, t, chapterTools);
        const report = validateResult(pkg, t, chapterTools);
        expect(report.violations).toEqual([]);
        expect(report.ok).toBe(true);
        // A success is exactly what validation found clean; anything refused went to the audit with its reasons.
        if (pkg.model_result.status !== 'succeeded')
          expect(pkg.model_result.error?.code === 'OUTPUT_CONTRACT_VIOLATION').toBe(violations.length > 0);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('the outputs as generated, before any edit, validate too', () => {
    fc.assert(
      fc.property(cases, ({ t, h }) => {
        expect(dispatcherCanAnswer(t)).toBe(true);
        expect(validateResult(project(h, t, chapterTools), t, chapterTools).violations).toEqual([]);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('a live session answers these outputs as the plain functions do', () => {
    fc.assert(
      fc.property(cases, ({ t, h, edit }) => {
        const { out } = apply(h, t, edit);
        const session = openLiveSession(t, chapterTools);
        const strip = (p: ReturnType<typeof previewPayloads>) =>
          JSON.stringify({ pkg: p.pkg, violations: p.violations, report: p.report.violations, ok: p.report.ok });
        expect(strip(session.preview(out))).toBe(strip(previewPayloads(out, t, chapterTools)));
        session.close();
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});
