import { describe, expect, it } from 'vitest';
import { H, PURPOSES, computeBindings, principalRef, resultDigest, resultDigestOfCanonical } from './digest.ts';
import { canonicalize } from '../json/canonical.ts';
import {
  constantTimeEqual,
  hmacSha256Hex,
  hmacSha256HexWebCrypto,
  sha256Hex,
  sha256HexWebCrypto,
} from '../json/hash.ts';
import { project } from './project.ts';
import type { Scenario } from './scenario.ts';
import { findScenario, scenarios, chapterTools } from '../../../../../src/chapter/index.ts';

const scenario = (id: string) => findScenario(id) as Scenario;

/*
 * Known answers for get_order.paid, computed once outside this code base,
 * with Python's hashlib and json.dumps(obj, sort_keys=True,
 * separators=(',', ':'), ensure_ascii=False) over the objects written out by
 * hand from docs/digests.md#the-three-digests (for these ASCII-only values that is byte-identical to RFC
 * 8785). For the request digest the preimage was:
 * {"arguments":{"order_ref":"ORDER-7"},"effect_revision":"get_order.effect.read.v1",
 *  "input_revision":"get_order.input.v1","output_revision":"get_order.output.v2",
 *  "purpose":"tool-request/v1","subject":"user-7f3a9c21","tenant":"tenant-acme-retail","tool":"get_order"}
 * Any accidental change to a preimage (a field, a purpose, a revision) breaks these.
 */
const PAID = {
  request_sha256: '1112ab6f43a3bee94ab12c16a68559ca3cef84075cddd20b4a5f976af0dd1359',
  result_sha256: 'ec2c344c277319de57371b7290f5f2a1a1b99e57c1cbb6c4c1d2baba4b55257c',
  call_binding_sha256: '2a8b58fe507fefb713df7b5744b60f2311f9bb1906959aaa25f624e627b15a6b',
  principal_ref: 'pr_69db0b6ada64dc29280ab1e2fbb6a53c6dc0a5a631bd93a32b198386722bbc72',
};
const REPLAY = {
  result_sha256: '01ac6a344304632e870eb37b8cf7b1f505dbdd8e89dd8897d86f848d4ffc6073',
  call_binding_sha256: 'f5920c59d28301ec0f8d6c816889ae2d0fce5317cd223fecf0e69591cf1e8cb7',
};

describe('known-answer digests', () => {
  it('get_order.paid: request, result and call binding', () => {
    const s = scenario('get_order.paid');
    const pkg = project(s.handler_output, s.context, chapterTools);
    expect(pkg.protected_audit.binding).toEqual({
      algorithm: 'sha256',
      key_id: null,
      ...{
        request_sha256: PAID.request_sha256,
        result_sha256: PAID.result_sha256,
        call_binding_sha256: PAID.call_binding_sha256,
      },
    });
    expect(pkg.protected_audit.principal_ref).toBe(PAID.principal_ref);
    expect(computeBindings(pkg.model_result, s.context, chapterTools)).toEqual({
      request_sha256: PAID.request_sha256,
      result_sha256: PAID.result_sha256,
      call_binding_sha256: PAID.call_binding_sha256,
    });
  });
  it('get_order.local_replay: the same request digest, another call binding', () => {
    const s = scenario('get_order.local_replay');
    const b = project(s.handler_output, s.context, chapterTools).protected_audit.binding;
    expect(b.request_sha256).toBe(PAID.request_sha256);
    expect(b.result_sha256).toBe(REPLAY.result_sha256);
    expect(b.call_binding_sha256).toBe(REPLAY.call_binding_sha256);
  });
  it('search_kb without top_k hashes as top_k 5 (defaults applied)', () => {
    const s = scenario('search_kb.empty');
    const explicit = { ...s.context, arguments: { query: 'refund policy', top_k: 5 } };
    expect(project(s.handler_output, s.context, chapterTools).protected_audit.binding.request_sha256).toBe(
      project(s.handler_output, explicit, chapterTools).protected_audit.binding.request_sha256,
    );
  });
});

describe('hashing', () => {
  it('SHA-256 of "abc" (FIPS 180-2 B.1)', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('HMAC-SHA-256, RFC 4231 test case 2', () => {
    expect(hmacSha256Hex(Buffer.from('Jefe').toString('hex'), 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
  it('noble and WebCrypto agree on every scenario package, plain and keyed', async () => {
    const key = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
    for (const s of scenarios) {
      const text = canonicalize(project(s.handler_output, s.context, chapterTools));
      expect(await sha256HexWebCrypto(text), s.id).toBe(sha256Hex(text));
      expect(await hmacSha256HexWebCrypto(key, text), s.id).toBe(hmacSha256Hex(key, text));
    }
    expect(scenarios.length).toBeGreaterThanOrEqual(12);
  });
  it('the spliced result preimage is byte-identical to H()', () => {
    for (const id of ['search_kb.hits', 'get_order.paid', 'search_kb.rate_limited']) {
      const s = scenario(id);
      const mr = project(s.handler_output, s.context, chapterTools).model_result;
      expect(resultDigestOfCanonical(canonicalize(mr), undefined)).toBe(resultDigest(mr, undefined));
      expect(resultDigestOfCanonical(canonicalize(mr), { id: 'k', secret: 'ab'.repeat(32) })).toBe(
        resultDigest(mr, { id: 'k', secret: 'ab'.repeat(32) }),
      );
    }
  });
  it('purposes separate the domains: the same fields under two purposes differ', () => {
    const fields = { tenant: 't', subject: 's' };
    expect(H(PURPOSES.principalRef, fields, undefined)).not.toBe(H(PURPOSES.request, fields, undefined));
  });
  it('keyed mode changes every digest, principal_ref included', () => {
    const s = scenario('get_order.keyed');
    const pkg = project(s.handler_output, s.context, chapterTools);
    expect(pkg.protected_audit.binding.algorithm).toBe('hmac-sha256');
    expect(pkg.protected_audit.binding.key_id).toBe('audit-key-2026-07');
    expect(pkg.protected_audit.binding.request_sha256).not.toBe(PAID.request_sha256);
    expect(pkg.protected_audit.principal_ref).toBe(principalRef(s.context.principal, s.context.key));
    expect(pkg.protected_audit.principal_ref).not.toBe(PAID.principal_ref);
  });
  it('constantTimeEqual', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'ab')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});
