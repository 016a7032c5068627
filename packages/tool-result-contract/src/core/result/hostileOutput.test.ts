/**
 * `project` is total (docs/contract.md#values-nobody-vouches-for): a handler output that is not JSON
 * data (a cycle, a lone surrogate, a class instance, a symbol key, a getter, a Proxy) is an
 * OUTPUT_CONTRACT_VIOLATION package with the place of the fault, never a throw, never a hang, and
 * the whole package (its audit included) has a canonical encoding. The property runs 5,000 hostile
 * values from a fixed seed, as the review's fuzzing did.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../json/canonical.ts';
import { project, projectDetailed } from './project.ts';
import type { Scenario } from './scenario.ts';
import { validateResult } from './validateResult.ts';
import { findScenario, scenarios, chapterTools } from '../../../../../src/chapter/index.ts';

const SEED = 20260719;
const hits = findScenario('search_kb.hits') as Scenario;
const clone = () => structuredClone(hits.handler_output) as { data: Record<string, unknown> & { hits: object[] } };
const audit = (o: unknown) => project(o, hits.context, chapterTools).protected_audit.violations;

/** Holds a package to the promise: it validates under its context, and all of it encodes. */
function holds(pkg: ReturnType<typeof project>, context: Scenario['context']) {
  expect(validateResult(pkg, context, chapterTools)).toEqual({ ok: true, violations: [] });
  expect(() => canonicalize(pkg)).not.toThrow();
}

/**
 * A Proxy that counts every trap it answers and throws past a budget: a walk that follows a
 * cycle fails this test at once instead of running out of heap after minutes.
 */
function counted<T extends object>(target: T, budget = 10_000) {
  const seen = { reads: 0 };
  const tick = () => {
    if (++seen.reads > budget) throw new Error(`read budget of ${budget} spent: the walk followed the cycle`);
  };
  const proxy = new Proxy(target, {
    get: (t, k, r) => (tick(), Reflect.get(t, k, r)),
    ownKeys: (t) => (tick(), Reflect.ownKeys(t)),
    getOwnPropertyDescriptor: (t, k) => (tick(), Reflect.getOwnPropertyDescriptor(t, k)),
  });
  return { proxy, seen };
}

describe('finding 2: a reference cycle', () => {
  it('is a violation at the member that closes it, read a bounded number of times', () => {
    const out = clone();
    const { proxy, seen } = counted(out.data);
    (out.data as Record<string, unknown>).self = proxy;
    out.data = proxy;
    const pkg = project(out, hits.context, chapterTools);
    expect(pkg.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
    expect(pkg.protected_audit.violations).toContainEqual({ code: 'DATA_SCHEMA', path: '/data/self' });
    expect(seen.reads).toBeLessThan(100);
    holds(pkg, hits.context);
  });

  it('a plain cycle and one through an array are violations too', () => {
    const out = clone();
    (out.data.hits[0] as Record<string, unknown>).back = out.data.hits;
    expect(audit(out)).toContainEqual({ code: 'DATA_SCHEMA', path: '/data/hits/0/back' });
    const top = clone() as unknown as Record<string, unknown>;
    top.downstream = { loop: top };
    expect(audit(top)).toContainEqual({ code: 'RESULT_SCHEMA', path: '/downstream/loop' });
  });

  it('a shared reference that is no cycle is plain data: the same object twice reads as two copies', () => {
    const out = clone();
    const hit = out.data.hits[0] as object;
    out.data.hits = [hit, hit];
    expect(project(out, hits.context, chapterTools).model_result.status).toBe('succeeded');
  });

  it('validateResult on a stored package with a cycle answers, without following it', () => {
    const pkg = project(hits.handler_output, hits.context, chapterTools) as unknown as {
      model_result: { data: Record<string, unknown> };
    };
    const { proxy, seen } = counted(pkg.model_result.data);
    pkg.model_result.data.self = proxy;
    pkg.model_result.data = proxy;
    const report = validateResult(pkg, hits.context, chapterTools);
    expect(report.ok).toBe(false);
    expect(report.violations.map((v) => v.params.kind)).not.toContain('internal');
    expect(seen.reads).toBeLessThan(200);
  });
});

describe('finding 3: a lone surrogate', () => {
  it('in a string (a snippet cut mid-emoji) is a violation at its pointer, not a CanonicalizationError', () => {
    const out = clone();
    (out.data.hits[0] as Record<string, unknown>).snippet = `cut mid-emoji ${'😀'.slice(0, 1)}`;
    const { pkg, violations } = projectDetailed(out, hits.context, chapterTools);
    expect(pkg.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
    expect(violations).toContainEqual(
      expect.objectContaining({
        code: 'DATA_SCHEMA',
        path: '/data/hits/0/snippet',
        params: expect.objectContaining({ kind: 'not_json', reason: 'LONE_SURROGATE' }),
      }),
    );
    holds(pkg, hits.context);
  });

  it('in a member name is a violation at the object that holds it: the pointer stays encodable (finding 8)', () => {
    const out = clone();
    out.data['name\uD800'] = 1;
    const pkg = project(out, hits.context, chapterTools);
    expect(pkg.protected_audit.violations).toEqual([{ code: 'DATA_SCHEMA', path: '/data' }]);
    holds(pkg, hits.context);
  });

  it('validateResult refuses a stored audit whose pointer holds one: no entry could encode it', () => {
    const pkg = project(hits.handler_output, hits.context, chapterTools);
    const at = pkg.protected_audit.redactions.push({ path: '/data/\uD800', reason: 'downstream_reference' }) - 1;
    const report = validateResult(pkg, hits.context, chapterTools);
    expect(report.violations.map((v) => `${v.code} ${v.path}`)).toEqual([
      `AUDIT_SCHEMA /protected_audit/redactions/${at}/path`,
    ]);
  });

  it('in an observed_at or a downstream ref is an envelope violation', () => {
    const out = clone() as unknown as Record<string, Record<string, unknown>>;
    (out.provenance as Record<string, unknown>).observed_at = '2026-07-19T00:00:00Z\uDC00';
    out.downstream = { receipt_ref: 'rcpt-\uD83D' };
    const v = audit(out);
    expect(v).toContainEqual({ code: 'RESULT_SCHEMA', path: '/provenance/observed_at' });
    expect(v).toContainEqual({ code: 'RESULT_SCHEMA', path: '/downstream/receipt_ref' });
  });
});

describe('finding 4: what is not plain data', () => {
  it('a class instance (an ORM entity) is a violation at its place, not a success', () => {
    class Entity {
      constructor(
        readonly query: string,
        readonly hits: unknown[],
      ) {}
    }
    const out = clone() as unknown as Record<string, unknown>;
    const data = (out as { data: { query: string; hits: unknown[] } }).data;
    out.data = new Entity(data.query, data.hits);
    const pkg = project(out, hits.context, chapterTools);
    expect(pkg.protected_audit.violations).toEqual([{ code: 'DATA_SCHEMA', path: '/data' }]);
    holds(pkg, hits.context);
  });

  it('a symbol key is a violation at its object', () => {
    const out = clone();
    (out.data as Record<symbol, unknown>)[Symbol('orm')] = 1;
    expect(audit(out)).toEqual([{ code: 'DATA_SCHEMA', path: '/data' }]);
  });

  it('a getter is never called: a throwing one and a counting one are violations at their member', () => {
    const out = clone();
    let calls = 0;
    Object.defineProperty(out.data, 'lazy', { enumerable: true, get: () => calls++ });
    Object.defineProperty(out.data.hits[0], 'relation', {
      enumerable: true,
      get: () => {
        throw new Error('not loaded');
      },
    });
    const v = audit(out);
    expect(v).toContainEqual({ code: 'DATA_SCHEMA', path: '/data/lazy' });
    expect(v).toContainEqual({ code: 'DATA_SCHEMA', path: '/data/hits/0/relation' });
    expect(calls).toBe(0);
  });

  it('a Proxy whose traps throw, and a revoked one, are unreadable places', () => {
    const out = clone() as unknown as Record<string, unknown>;
    out.provenance = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap');
        },
      },
    );
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    out.downstream = proxy;
    const pkg = project(out, hits.context, chapterTools);
    expect(pkg.protected_audit.violations).toContainEqual({ code: 'RESULT_SCHEMA', path: '/provenance' });
    expect(pkg.protected_audit.violations).toContainEqual({ code: 'RESULT_SCHEMA', path: '/downstream' });
    holds(pkg, hits.context);
  });
});

describe('property: project never throws on hostile values, and what it makes validates', () => {
  /** Containers of a value, each with its pointer, in document order. */
  function containers(v: unknown, path: string, out: { c: object; path: string }[] = []) {
    if (v === null || typeof v !== 'object') return out;
    out.push({ c: v, path });
    for (const [k, child] of Object.entries(v))
      containers(child, `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
    return out;
  }
  let getterCalls = 0;
  /** Each returns what to put at the chosen member, given the chosen container and its ancestors' root. */
  const HOSTILE: Record<string, (root: object, container: object) => unknown> = {
    cycle_to_root: (root) => root,
    cycle_to_self: (_r, c) => c,
    lone_high: () => 'text \uD83D',
    lone_low: () => '\uDE00 text',
    class_instance: () =>
      new (class Entity {
        id = 1;
      })(),
    date: () => new Date(0),
    map: () => new Map([['a', 1]]),
    undefined: () => undefined,
    function: () => () => 1,
    bigint: () => 10n,
    nan: () => Number.NaN,
    sparse: () => [1, , 3], // eslint-disable-line no-sparse-arrays -- a hole is the hostile value
    throwing_proxy: () =>
      new Proxy(
        { a: 1 },
        {
          getOwnPropertyDescriptor: () => {
            throw new Error('trap');
          },
        },
      ),
    plain_proxy: () => new Proxy({ a: 'b' }, {}),
    deep: () => {
      let v: unknown = 'leaf';
      for (let i = 0; i < 200; i++) v = [v];
      return v;
    },
  };
  /** Hostile shapes of the member itself rather than of its value. */
  const MEMBER: Record<string, (c: object, key: string) => void> = {
    lone_name: (c) => Object.assign(c, { ['x\uDBFF']: 1 }),
    symbol_key: (c) => Object.assign(c, { [Symbol('k')]: 1 }),
    throwing_getter: (c, key) =>
      Object.defineProperty(c, key, {
        enumerable: true,
        configurable: true,
        get: () => {
          getterCalls++;
          throw new Error('getter');
        },
      }),
    counting_getter: (c, key) =>
      Object.defineProperty(c, key, { enumerable: true, configurable: true, get: () => ++getterCalls }),
  };
  const plan = fc.record({
    scenario: fc.constantFrom(...scenarios),
    at: fc.nat(),
    key: fc.oneof(fc.constantFrom('data', 'hits', 'title', 'self', '__proto__', 'kind'), fc.string({ maxLength: 4 })),
    kind: fc.constantFrom(...Object.keys(HOSTILE), ...Object.keys(MEMBER)),
  });

  it('5,000 runs: cycles, lone surrogates, class instances, symbol keys, getters, proxies', () => {
    fc.assert(
      fc.property(plan, ({ scenario, at, key, kind }) => {
        const root = structuredClone(scenario.handler_output) as object;
        const all = containers(root, '');
        const { c, path } = all[at % all.length] as { c: object; path: string };
        const member = Array.isArray(c) ? String(c.length) : key;
        if (kind in HOSTILE)
          Object.defineProperty(c, member, {
            value: (HOSTILE[kind] as (r: object, c: object) => unknown)(root, c),
            enumerable: true,
            configurable: true,
            writable: true,
          });
        else (MEMBER[kind] as (c: object, k: string) => void)(c, member);
        const pkg = project(root, scenario.context, chapterTools);
        holds(pkg, scenario.context);
        // A member of an array that is no index is no JSON member (JSON.stringify and RFC 8785 ignore it): benign.
        if (kind === 'plain_proxy' || (Array.isArray(c) && (kind === 'lone_name' || kind === 'symbol_key'))) return;
        // A fault anywhere refuses the output; the gate's own answers (no handler ran) stand as they are.
        const code = pkg.model_result.error?.code;
        if (code === 'UNKNOWN_TOOL' || code === 'INVALID_ARGUMENTS') return;
        expect(code).toBe('OUTPUT_CONTRACT_VIOLATION');
        const memberPath = `${path}/${member.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        const places = pkg.protected_audit.violations.map((v) => v.path);
        expect(places.some((p) => p === path || p === memberPath || p.startsWith(`${memberPath}/`))).toBe(true);
      }),
      { seed: SEED, numRuns: 5_000 },
    );
    expect(getterCalls).toBe(0);
  });
});
