/**
 * docs/contract.md#same-inputs-same-answer: a live session answers byte for byte what the plain functions
 * answer, and no public function's answer depends on what ran before it.
 * If one of these fails, a speed-up was bought with a wrong answer.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ATTACK_IDS, attackApplies, runAttack } from '../../../../../src/lessons/attacks.ts';
import { previewPayloads, type PayloadPreview } from '../lastHop/payloadPreview.ts';
import { openLiveSession, type LiveSession } from './liveSession.ts';
import type { TrustedContext } from '../result/trustedContext.ts';
import { validateResultDetailed } from '../result/validateResult.ts';
import { scenarios, chapterTools } from '../../../../../src/chapter/index.ts';

const SEED = 20260719;
const KEY = { id: 'k-1', secret: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff' };

/**
 * The whole preview as one text: every member (spread, so a member added later
 * is compared too), the unregistered adapter's refusal included, and each
 * payload's exact bytes. `undefined` is written out: a member set to undefined
 * by hand must not read as a missing one.
 */
function bytesOf(p: PayloadPreview): string {
  // Tolerant of a malformed answer (a member nulled by hand must read as different, not crash the comparison).
  const providers = Array.isArray(p.providers)
    ? p.providers.map((x) =>
        x === null || typeof x !== 'object'
          ? x
          : { ...x, item: x.item === null || x.item === undefined ? x.item : JSON.stringify(x.item) },
      )
    : p.providers;
  return JSON.stringify({ ...p, providers }, (_k, v: unknown) => (v === undefined ? '<undefined>' : v));
}

/** Every place in a value where a leaf or a container sits, as a path of keys. */
function pathsOf(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [at];
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...at, Array.isArray(value) ? Number(k) : k]));
  }
  return out;
}

/** The answer or the refusal, as text: a session must refuse exactly what the plain function refuses. */
function outcome(f: () => string): string {
  try {
    return f();
  } catch (e) {
    return `threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
  }
}

const tools = ['get_order', 'create_refund_draft', 'search_kb', 'send_email'] as const;
const idText = fc.oneof(
  fc.constantFrom('t_acme', 'u_42', 'resp_1', 'call_1', 'op_1', 'idem_1', 'x'),
  fc.string({ minLength: 1, maxLength: 12 }),
);
const argsFor = (tool: string) =>
  tool === 'get_order'
    ? fc.oneof(fc.constant({ order_ref: 'ORDER-1001' }), fc.record({ order_ref: fc.string({ maxLength: 14 }) }))
    : tool === 'create_refund_draft'
      ? fc.record({ order_ref: fc.constantFrom('ORDER-1001', 'ORDER-x'), reason: fc.string({ maxLength: 8 }) })
      : tool === 'search_kb'
        ? fc.oneof(
            fc.record(
              { query: fc.constantFrom('refund policy', 'q'), top_k: fc.constantFrom(1, 3, 5, 10, 11, 0) },
              { requiredKeys: ['query'] },
            ),
            fc.constant({ query: 'refund policy', top_k: null }),
          )
        : fc.jsonValue({ maxDepth: 2 });

/** Trusted contexts, most of them valid, some with the hostile values a caller can hand in: NaN, undefined members, accessors. */
const contexts: fc.Arbitrary<TrustedContext> = fc
  .record({
    tenant: idText,
    subject: idText,
    provider: fc.constantFrom('openai', 'anthropic', 'gemini', 'mistral'),
    response_id: idText,
    call_id: idText,
    operation_id: idText,
    idempotency_key: idText,
    tool: fc.constantFrom(...tools),
    delivery: fc.constantFrom('fresh', 'local_replay', 'receipt_reconciled'),
    now: fc.constantFrom('2026-07-19T00:00:00Z', '2026-07-19T00:10:00.5Z', 'yesterday'),
    keyed: fc.boolean(),
    hostile: fc.constantFrom('none', 'none', 'none', 'nan', 'undefined_member', 'accessor'),
  })
  .chain((r) => argsFor(r.tool).map((args) => ({ ...r, args })))
  .map((r) => {
    const registered = { openai: 'responses', anthropic: 'messages', gemini: 'interactions' } as Record<string, string>;
    const call = {
      provider: r.provider,
      api_family: registered[r.provider] ?? 'chat',
      adapter_revision: `${r.provider}-${registered[r.provider] ?? 'chat'}-2026-07-19`,
      response_id: r.response_id,
      call_id: r.call_id,
      operation_id: r.operation_id,
      idempotency_key: r.idempotency_key,
    };
    const ctx: Record<string, unknown> = {
      principal: { tenant: r.tenant, subject: r.subject },
      call,
      tool: r.tool,
      arguments: r.args,
      delivery: r.delivery,
      now: r.now,
    };
    if (r.keyed) ctx.key = { ...KEY };
    if (r.hostile === 'nan') ctx.arguments = { query: 'refund policy', top_k: Number.NaN };
    if (r.hostile === 'undefined_member') ctx.arguments = { query: 'refund policy', top_k: undefined };
    if (r.hostile === 'accessor')
      Object.defineProperty(ctx.principal, 'tenant', { get: () => r.tenant, enumerable: true });
    return ctx as unknown as TrustedContext;
  });

/** Handler outputs: every scenario's, each also with one member replaced by arbitrary JSON. */
const outputs: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...scenarios.map((s) => s.handler_output)),
  fc
    .tuple(
      fc.constantFrom(...scenarios.map((s) => s.handler_output)),
      fc.constantFrom('data', 'kind', 'provenance', 'error', 'truncated', 'downstream'),
      fc.jsonValue({ maxDepth: 3 }),
    )
    .map(([h, k, v]) => ({
      ...(h as object),
      [k]: v,
    })),
  fc.jsonValue({ maxDepth: 3 }),
);

describe('a live session answers what the plain functions answer', () => {
  it('every scenario, several edits in a row through one session', () => {
    for (const s of scenarios) {
      const session = openLiveSession(s.context, chapterTools);
      for (const other of [s, ...scenarios]) {
        expect(bytesOf(session.preview(other.handler_output)), `${s.id} ← ${other.id}`).toBe(
          bytesOf(previewPayloads(other.handler_output, s.context, chapterTools)),
        );
      }
      session.close();
    }
  });

  it('every attack on every scenario it applies to: the tampered package validated, and the attacked handler output previewed', () => {
    let checked = 0;
    for (const id of ATTACK_IDS) {
      for (const s of scenarios) {
        if (!attackApplies(id, s)) continue;
        const run = runAttack(id, s);
        const session = openLiveSession(run.tampered.trusted, chapterTools);
        expect(JSON.stringify(session.validate(run.tampered.pkg)), `${id} on ${s.id}`).toBe(
          JSON.stringify(validateResultDetailed(run.tampered.pkg, run.tampered.trusted, chapterTools)),
        );
        expect(JSON.stringify(session.validate(run.tampered.pkg))).toBe(JSON.stringify(run.report));
        if (run.handler !== undefined)
          expect(bytesOf(session.preview(run.handler.after))).toBe(
            bytesOf(previewPayloads(run.handler.after, run.tampered.trusted, chapterTools)),
          );
        if (run.keyed !== undefined) {
          const keyed = openLiveSession(run.keyed.victim.trusted, chapterTools);
          expect(JSON.stringify(keyed.validate(run.keyed.tampered))).toBe(JSON.stringify(run.keyed.report));
          keyed.close();
        }
        session.close();
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(ATTACK_IDS.length);
  });

  it('generated contexts and handler outputs, in shuffled order, through one session per context', () => {
    fc.assert(
      fc.property(
        fc.array(contexts, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(), outputs), { minLength: 1, maxLength: 12 }),
        (ctxs, edits) => {
          const sessions = new Map<number, LiveSession | string>();
          for (const [n, output] of edits) {
            const i = n % ctxs.length;
            const ctx = ctxs[i] as TrustedContext;
            let session = sessions.get(i);
            if (session === undefined) {
              try {
                session = openLiveSession(ctx, chapterTools);
              } catch (e) {
                session = `threw ${(e as Error).name}: ${(e as Error).message}`;
              }
              sessions.set(i, session);
            }
            const live =
              typeof session === 'string' ? session : outcome(() => bytesOf((session as LiveSession).preview(output)));
            expect(live).toBe(outcome(() => bytesOf(previewPayloads(output, ctx, chapterTools))));
            if (typeof session !== 'string')
              expect(JSON.stringify(session.validate(output))).toBe(
                JSON.stringify(validateResultDetailed(output, ctx, chapterTools)),
              );
          }
          for (const s of sessions.values()) if (typeof s !== 'string') s.close();
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('the comparison sees a change by hand to any member of the session’s answer, the unregistered adapter’s included', () => {
    const registered = scenarios.find((s) => s.id === 'get_order.paid');
    if (registered === undefined) throw new Error('scenario get_order.paid is missing');
    const unregisteredCall = {
      ...registered.context,
      call: {
        ...registered.context.call,
        provider: 'mistral',
        api_family: 'chat',
        adapter_revision: 'mistral-chat-2026-07-19',
      },
    };
    let changed = 0;
    for (const ctx of [registered.context, unregisteredCall]) {
      const session = openLiveSession(ctx, chapterTools);
      const answer = session.preview(registered.handler_output);
      session.close();
      const want = bytesOf(previewPayloads(registered.handler_output, ctx, chapterTools));
      expect(bytesOf(answer)).toBe(want);
      for (const path of pathsOf(answer).slice(1)) {
        const copy = structuredClone(answer) as unknown as Record<string | number, unknown>;
        let parent = copy;
        for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
        const last = path[path.length - 1] as string | number;
        parent[last] = parent[last] === null ? '<changed>' : null;
        expect(bytesOf(copy as unknown as PayloadPreview), path.join('/')).not.toBe(want);
        changed++;
      }
    }
    expect(changed).toBeGreaterThan(100);
  });

  it('the packages it returns are deep-frozen (it keys what it keeps by their parts); a copy is plain data, checked afresh', () => {
    const s = scenarios.find((x) => x.id === 'search_kb.hits') as (typeof scenarios)[number];
    const session = openLiveSession(s.context, chapterTools);
    const p = session.preview(s.handler_output);
    expect(
      Object.isFrozen(p.pkg.model_result) && Object.isFrozen((p.pkg.model_result.data as { hits: object[] }).hits[0]),
    ).toBe(true);
    expect(
      p.providers.every(
        (x) =>
          Object.isFrozen(x.pkg) &&
          Object.isFrozen(x.pkg.protected_audit.binding) &&
          Object.isFrozen(x.pkg.protected_audit.redactions[0]),
      ),
    ).toBe(true);
    expect(p.providers.every((x) => x.pkg.model_result === p.pkg.model_result)).toBe(true);
    const copy = structuredClone(p.pkg);
    (copy.model_result.data as { query: string }).query = 'changed';
    expect(validateResultDetailed(copy, s.context, chapterTools).violations.map((v) => v.code)).toContain(
      'RESULT_DIGEST_MISMATCH',
    );
    expect(session.validate(copy).violations.map((v) => v.code)).toContain('RESULT_DIGEST_MISMATCH');
    session.close();
  });

  it("keeps no key material past close(): every later call throws, and the caller's context is neither frozen nor kept", () => {
    const s = scenarios.find((x) => x.id === 'get_order.paid') as (typeof scenarios)[number];
    const mine = { ...structuredClone(s.context), key: { ...KEY } };
    const session = openLiveSession(mine, chapterTools);
    expect(session.preview(s.handler_output).report.ok).toBe(true);
    expect(Object.isFrozen(mine) || Object.isFrozen(mine.key)).toBe(false);
    session.close();
    expect(() => session.preview(s.handler_output)).toThrow(/closed/);
    expect(() => session.validate({})).toThrow(/closed/);
  });
});

describe('same inputs, same answer, whatever ran before (docs/contract.md#same-inputs-same-answer)', () => {
  type Core = typeof import('../index.ts');
  /** Every public function of the core, as one call on one input, answered as text. */
  const calls: ((core: Core, ctx: TrustedContext, output: unknown) => string)[] = [
    (c, ctx) => outcome(() => JSON.stringify(c.parseTrustedContext(ctx))),
    (c, ctx, out) => outcome(() => JSON.stringify(c.project(out, ctx, chapterTools))),
    (c, ctx, out) =>
      outcome(() => JSON.stringify(c.validateResult(c.project(out, ctx, chapterTools), ctx, chapterTools))),
    (c, ctx, out) => outcome(() => JSON.stringify(c.validateResult(out, ctx, chapterTools))),
    // A package made for a sibling call, checked in this one: its model_result may hold this call's ids (AUDIT_LEAK here, not there).
    (c, ctx, out) =>
      outcome(() =>
        JSON.stringify(
          c.validateResult(
            c.project(out, { ...ctx, call: { ...ctx.call, call_id: `${ctx.call.call_id}_sibling` } }, chapterTools),
            ctx,
            chapterTools,
          ),
        ),
      ),
    (c, ctx, out) =>
      outcome(() =>
        JSON.stringify(c.computeBindings(c.project(out, ctx, chapterTools).model_result, ctx, chapterTools)),
      ),
    (c, ctx) => outcome(() => c.canonicalize(ctx)),
    (c, ctx, out) =>
      outcome(() => JSON.stringify(c.toProviderItem(c.project(out, ctx, chapterTools), ctx, chapterTools))),
    (c, ctx, out) =>
      outcome(() => {
        const pkg = c.project(out, ctx, chapterTools);
        const call = {
          type: 'function_call' as const,
          call_id: ctx.call.call_id,
          id: ctx.call.call_id,
          name: ctx.tool,
          arguments: JSON.stringify(ctx.arguments ?? null),
        };
        return JSON.stringify(
          c.composeTurn(ctx.call.provider as 'openai', [call], [{ package: pkg, trusted: ctx }], {
            tools: chapterTools,
          }),
        );
      }),
  ];

  /** The contexts of the memo bugs this test was written against, and a few more of the kind. */
  const base = scenarios.find((x) => x.id === 'search_kb.hits')?.context as TrustedContext;
  const named: TrustedContext[] = [
    { ...base, arguments: { query: 'refund policy', top_k: Number.NaN } },
    { ...base, arguments: { query: 'refund policy', top_k: null } },
    { ...base, arguments: { query: 'refund policy', top_k: undefined } as never },
    { ...base, arguments: { query: 'refund policy' } },
    { ...base, arguments: { query: 'refund policy', top_k: 5 } },
    { ...base, arguments: { query: 'other', top_k: 5 } },
    { ...base, call: { ...base.call, call_id: 'call_leaked_0001' } },
    { ...base, call: { ...base.call, call_id: 'call_other_0002' } },
  ];
  /** A hit that quotes the first of those call ids: audit material in that call, an ordinary string in the other. */
  const quoting = (() => {
    const s = scenarios.find((x) => x.id === 'search_kb.hits')?.handler_output as {
      data: { hits: { snippet: string }[] };
    };
    const copy = structuredClone(s);
    (copy.data.hits[0] as { snippet: string }).snippet = 'see call_leaked_0001 for details';
    return copy;
  })();

  it('each public function answers an input the same in a fresh process and after any sequence of other calls', async () => {
    const warm = await import('../index.ts');
    const pool = fc.oneof(fc.constantFrom(...named), contexts);
    const outs = fc.oneof(outputs, fc.constant(quoting));
    await fc.assert(
      fc.asyncProperty(
        pool,
        outs,
        fc.nat({ max: calls.length - 1 }),
        fc.array(fc.tuple(pool, outs, fc.nat({ max: calls.length - 1 })), { maxLength: 12 }),
        async (ctx, output, which, before) => {
          vi.resetModules();
          const cold = (await import('../index.ts')) as Core;
          const call = calls[which] as (typeof calls)[number];
          const fresh = call(cold, ctx, output);
          for (const [c, o, w] of before) (calls[w] as (typeof calls)[number])(warm, c, o);
          expect(call(warm, ctx, output)).toBe(fresh);
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('the named memo-bug contexts, each after each of the others', async () => {
    const outs = [...scenarios.filter((s) => s.context.tool === 'search_kb').map((s) => s.handler_output), quoting];
    const answers = (core: Core, ctx: TrustedContext) =>
      calls.map((call) => outs.map((o) => call(core, ctx, o)).join('\n')).join('\n\n');
    const alone: string[] = [];
    for (const ctx of named) {
      vi.resetModules();
      alone.push(answers((await import('../index.ts')) as Core, ctx));
    }
    vi.resetModules();
    const warm = (await import('../index.ts')) as Core;
    // One walk that takes every ordered pair once (an Euler circuit of the complete graph with loops): n² + 1 answer
    // sets instead of 2·n², and every answer is checked, each against the one it gave in a fresh module.
    const walk = everyPairOnce(named.length);
    expect(walk).toHaveLength(named.length ** 2 + 1);
    expect(new Set(walk.slice(1).map((j, k) => `${walk[k]}>${j}`)).size).toBe(named.length ** 2);
    let previous: number | null = null;
    for (const i of walk) {
      expect(
        answers(warm, named[i] as TrustedContext),
        previous === null ? `context ${i} first` : `context ${i} after context ${previous}`,
      ).toBe(alone[i]);
      previous = i;
    }
    // The two contexts of each old memo bug must not agree: one holds NaN, which no JSON text holds; one call's id is quoted.
    expect(alone[0]).not.toBe(alone[1]);
    expect(alone[6]).toContain('AUDIT_LEAK');
    expect(alone[7]).not.toContain('AUDIT_LEAK');
  });
});

/** A walk through 0…n-1 in which every ordered pair (i then j, i = j included) follows once (Hierholzer's algorithm). */
function everyPairOnce(n: number): number[] {
  const next = Array.from({ length: n }, () => Array.from({ length: n }, (_, j) => j));
  const stack = [0];
  const walk: number[] = [];
  while (stack.length > 0) {
    const v = stack[stack.length - 1] as number;
    const out = next[v] as number[];
    if (out.length > 0) stack.push(out.pop() as number);
    else walk.push(stack.pop() as number);
  }
  return walk.reverse();
}
