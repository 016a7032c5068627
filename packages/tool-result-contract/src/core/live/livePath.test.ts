/**
 * The live update's shortcuts (docs/performance.md) against the plain definitions they
 * stand in for: each shortcut must give the same bytes, digest or verdict as
 * the slow path, on scenarios and on generated input. If one of these fails,
 * the benchmark's figures were bought with a wrong answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize, canonicalizeAndFreeze } from '../json/canonical.ts';
import { contextFacts } from '../result/contextFacts.ts';
import {
  PURPOSES,
  callBindingDigest,
  callBindingFields,
  callBindingParts,
  digestPreimage,
  H,
  principalRef,
  requestDigest,
} from '../result/digest.ts';
import { rebindPackage, withProvider } from '../lastHop/payloadPreview.ts';
import { hmacSha256Hex, hmacSha256HexWebCrypto, prefixedHash, sha256Hex, sha256HexWebCrypto } from '../json/hash.ts';
import { checkAuditLeaks, needleFinder } from '../result/outputContract.ts';
import { folded, leakForms, unwrapped } from '../result/leakForms.ts';
import { project } from '../result/project.ts';
import { PROVIDER_ADAPTERS } from '../tables/providerAdapters.ts';
import { utf8Length } from '../json/text.ts';
import { TrustedContextSchema, assertTrustedContext, type TrustedContext } from '../result/trustedContext.ts';
import { validateResultDetailed } from '../result/validateResult.ts';
import { ViolationList } from '../tables/violation.ts';
import { scenarios, chapterTools } from '../../../../../src/chapter/index.ts';

const SEED = 20260719;
const KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const text = fc.string({ unit: 'grapheme', maxLength: 40 });
// eslint-disable-next-line no-control-regex -- identifiers refuse control characters; the generator must not make them
const id = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }).filter((s) => !/[\u0000-\u001f\u007f]/.test(s));

describe('hashing from a kept prefix state', () => {
  it('equals hashing the whole text, plain and keyed, for any split', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.string({ unit: 'binary', maxLength: 300 }),
        (prefix, suffix) => {
          expect(prefixedHash(prefix).finish(suffix)).toBe(sha256Hex(prefix + suffix));
          expect(prefixedHash(prefix, KEY).finish(suffix)).toBe(hmacSha256Hex(KEY, prefix + suffix));
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
  it('splitting a surrogate pair still hashes the pair, not two replacement characters', () => {
    const whole = 'a😀b';
    expect(prefixedHash(whole.slice(0, 2)).finish(whole.slice(2))).toBe(sha256Hex(whole));
  });
  it('one state finishes many suffixes without one finish leaking into the next', () => {
    const h = prefixedHash('{"x":');
    const first = h.finish('1}');
    expect(h.finish('2}')).toBe(sha256Hex('{"x":2}'));
    expect(h.finish('1}')).toBe(first);
  });
});

describe('the reused encoding buffer', () => {
  it('agrees with WebCrypto on short, long (past the buffer limit) and non-ASCII texts', async () => {
    for (const t of [
      '',
      'abc',
      '退款 — 😀'.repeat(300),
      'x'.repeat(70_000),
      `${'é'.repeat(30_000)}${'😀'.repeat(20_000)}`,
      'lone \ud800 surrogate',
    ]) {
      expect(sha256Hex(t), `${t.length} chars`).toBe(await sha256HexWebCrypto(t));
      expect(hmacSha256Hex(KEY, t)).toBe(await hmacSha256HexWebCrypto(KEY, t));
    }
  });
  it('a long text between two short ones does not leave bytes behind', () => {
    const short = sha256Hex('short');
    sha256Hex('y'.repeat(20_000));
    expect(sha256Hex('short')).toBe(short);
  });
});

describe('the call-binding preimage written out directly', () => {
  const base = scenarios[0]?.context as TrustedContext;
  const contexts = fc.record({
    provider: id,
    api_family: id,
    adapter_revision: id,
    response_id: id,
    call_id: id,
    operation_id: id,
    idempotency_key: id,
    tool: fc.constantFrom('search_kb', 'get_order', 'create_refund_draft', 'no_such_tool'),
  });
  it('is byte-identical to the generic encoder, for any ids and digest strings', () => {
    fc.assert(
      fc.property(contexts, text, text, ({ tool, ...call }, req, res) => {
        const t: TrustedContext = { ...base, tool, call };
        const { prefix, suffix } = callBindingParts(t, req, res, chapterTools);
        expect(prefix + suffix).toBe(
          digestPreimage(PURPOSES.callBinding, callBindingFields(t, req, res, chapterTools)),
        );
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
  it('gives H() over the generic preimage, for parsed and unparsed contexts, plain and keyed', () => {
    for (const s of scenarios) {
      const parsed = assertTrustedContext(s.context);
      for (const t of [s.context, parsed, { ...s.context, key: { id: 'k', secret: KEY } }]) {
        const req = requestDigest(t, chapterTools);
        const res = sha256Hex(s.id);
        const want = H(PURPOSES.callBinding, callBindingFields(t, req, res, chapterTools), t.key);
        expect(callBindingDigest(t, req, res, chapterTools)).toBe(want);
      }
    }
  });
  it('refuses a lone surrogate in a digest string, as the generic encoder does', () => {
    expect(() => callBindingParts(base, 'a\ud800', 'b', chapterTools)).toThrow(/lone surrogate/);
  });
});

describe('parsed contexts', () => {
  it("are plain copies the caller owns: not frozen, never aliasing the caller's arguments", () => {
    const s = scenarios.find((x) => x.id === 'search_kb.hits') as (typeof scenarios)[number];
    const mine = structuredClone(s.context);
    const parsed = assertTrustedContext(mine);
    expect(Object.isFrozen(parsed) || Object.isFrozen(parsed.call) || Object.isFrozen(parsed.arguments)).toBe(false);
    expect(parsed.arguments).not.toBe(mine.arguments);
    expect(parsed.arguments).toEqual(mine.arguments);
    (mine.arguments as Record<string, unknown>).query = 'changed';
    expect((parsed.arguments as Record<string, unknown>).query).toBe('refund policy');
  });
  it('rerouted to every registered adapter: valid by the schema, and with the same facts', () => {
    for (const s of scenarios) {
      const parsed = assertTrustedContext(s.context);
      for (const a of PROVIDER_ADAPTERS) {
        const t = withProvider(parsed, a.provider);
        expect(TrustedContextSchema.safeParse(t).success).toBe(true);
        expect(t).toEqual(withProvider(structuredClone(s.context), a.provider));
        expect(contextFacts(t, chapterTools)).toEqual(contextFacts(parsed, chapterTools));
      }
    }
  });
  it('facts equal what the digest functions compute from scratch', () => {
    for (const s of scenarios) {
      const f = contextFacts(assertTrustedContext(s.context), chapterTools);
      expect(f.principal_ref).toBe(principalRef(s.context.principal, s.context.key));
      expect(f.request_sha256).toBe(requestDigest(structuredClone(s.context), chapterTools));
    }
  });
});

describe('packages are plain data the caller owns', () => {
  it('project and rebindPackage return unfrozen packages; a changed copy is validated afresh and the change is found', () => {
    const s = scenarios.find((x) => x.id === 'search_kb.hits') as (typeof scenarios)[number];
    const pkg = project(s.handler_output, s.context, chapterTools);
    expect(
      Object.isFrozen(pkg) || Object.isFrozen(pkg.model_result) || Object.isFrozen(pkg.protected_audit.redactions),
    ).toBe(false);
    expect(validateResultDetailed(pkg, s.context, chapterTools).ok).toBe(true);
    (pkg.model_result.data as { hits: unknown[] }).hits.push({
      doc_ref: 'KB-9',
      title: 't',
      snippet: 's',
      url: 'https://kb.example.com/9',
    });
    expect(validateResultDetailed(pkg, s.context, chapterTools).violations.map((v) => v.code)).toContain(
      'RESULT_DIGEST_MISMATCH',
    );
    const t = withProvider(assertTrustedContext(s.context), 'gemini');
    const rebound = rebindPackage(project(s.handler_output, s.context, chapterTools), t, (to, r, d) =>
      callBindingDigest(to, r, d, chapterTools),
    );
    expect(Object.isFrozen(rebound.protected_audit.binding)).toBe(false);
    expect(rebound).toEqual(project(s.handler_output, t, chapterTools));
  });
  it('a package checked in another call fails there', () => {
    const s = scenarios.find((x) => x.id === 'get_order.paid') as (typeof scenarios)[number];
    const pkg = project(s.handler_output, s.context, chapterTools);
    const other = assertTrustedContext({ ...s.context, call: { ...s.context.call, call_id: 'call_other' } });
    expect(validateResultDetailed(pkg, assertTrustedContext(s.context), chapterTools).ok).toBe(true);
    expect(validateResultDetailed(pkg, other, chapterTools).violations.map((v) => v.code)).toContain(
      'CALL_BINDING_MISMATCH',
    );
  });
});

describe('encoding while freezing', () => {
  it("gives canonicalize's text and leaves every container frozen", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        fc.pre(v !== null && typeof v === 'object');
        const copy = structuredClone(v) as object;
        expect(canonicalizeAndFreeze(copy)).toBe(canonicalize(v));
        const stack: unknown[] = [copy];
        while (stack.length > 0) {
          const x = stack.pop();
          if (x !== null && typeof x === 'object') {
            expect(Object.isFrozen(x)).toBe(true);
            stack.push(...Object.values(x));
          }
        }
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});

describe('the one-scan leak finder', () => {
  it('matches needles literally, regex characters and all', () => {
    const needles = ['tenant.*(acme)|x', 'a+b?c[1]{2}\\d$^', 'call/42-b'];
    const hits = (s: string) => {
      const out = new ViolationList();
      checkAuditLeaks({ s }, '', needleFinder(needles), out);
      return out.length;
    };
    expect(hits('see tenant.*(acme)|x here')).toBe(1);
    expect(hits('tenantXX(acme)')).toBe(0); // would match if "." and "*" were live
    expect(hits('x')).toBe(0); // would match if "|" were live
    expect(hits('ab c11 a+b?c[1]{2}\\d$^')).toBe(1);
    expect(hits('call/42-b')).toBe(1);
    expect(hits('call/42b')).toBe(0);
  });
  it('agrees with a plain includes() search of each form in its reading, on generated strings', () => {
    const reading = { literal: (s: string) => s, unwrapped, folded };
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 8, maxLength: 12 }), { minLength: 1, maxLength: 4 }),
        fc.string({ maxLength: 40 }),
        (needles, s) => {
          const out = new ViolationList();
          checkAuditLeaks(s, '/s', needleFinder(needles), out);
          const plain = needles.some((n) => leakForms(n).some((f) => reading[f.reading](s).includes(f.form)));
          expect(out.length > 0).toBe(plain);
          // The literal rule's hits are kept (docs/contract.md#encoded-copies): a form only adds.
          if (needles.some((n) => s.includes(n))) expect(out.length).toBe(1);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe('UTF-8 length', () => {
  it("equals TextEncoder's length for any string, lone surrogates included, ASCII fast path or not", () => {
    const enc = new TextEncoder();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 50 }),
          fc.string({ unit: 'grapheme-ascii', maxLength: 50 }),
          fc.string({ unit: 'binary', maxLength: 50 }),
        ),
        (s) => {
          expect(utf8Length(s)).toBe(enc.encode(s).length);
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
    expect(utf8Length('a\ud800b')).toBe(5);
    expect(utf8Length('\udc00\ud800')).toBe(6);
  });
  it('with a limit, stops once past it and says so by a count over the limit', () => {
    const s = 'é'.repeat(1000);
    expect(utf8Length(s, 100)).toBeGreaterThan(100);
    expect(utf8Length(s, 100)).toBeLessThan(2000);
    expect(utf8Length(s, 5000)).toBe(2000);
  });
});
