import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deniedKeyKind, findDeniedKeys, normalizeKey } from './denyList.ts';
import { escapePointerSegment } from '../json/jsonPointer.ts';
import { projectDetailed } from '../result/project.ts';
import type { Scenario } from '../result/scenario.ts';
import { findScenario, chapterTools } from '../../../../../src/chapter/index.ts';

const BASE = [
  'token',
  'access_token',
  'Authorization',
  'api-key',
  'apiKey',
  'password',
  'passwd',
  'client_secret',
  'cookie',
  'private_key',
  'session_id',
  'call_id',
  'idempotency_key',
  'principal_ref',
  'receipt_ref',
  'result_sha256',
  'tenant',
  'subject',
];

/** The disguises a handler might use: case, separators, full-width forms (all folded by NFKC). */
const fullWidth = (s: string) =>
  [...s].map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');
const disguise = fc
  .tuple(fc.constantFrom(...BASE), fc.constantFrom('', '-', '_', ' ', '.', '\u200b'), fc.boolean(), fc.boolean())
  .map(([key, sep, upper, wide]) => {
    let k = key.replace(/[-_]/g, sep);
    if (upper) k = k.toUpperCase();
    if (wide) k = fullWidth(k);
    return k;
  });

describe('deny-list (docs/contract.md#deny-list)', () => {
  it('normalizes by NFKC, lower case, letters and digits only', () => {
    expect(normalizeKey('ＡＰＩ＿ＫＥＹ')).toBe('apikey');
    expect(normalizeKey('X-Api-Key')).toBe('xapikey');
    expect(normalizeKey('Call ID')).toBe('callid');
    expect(normalizeKey('ﬁle')).toBe('file'); // NFKC folds the ligature
  });
  it.each([
    ['token', 'credential'],
    ['refresh_token', 'credential'],
    ['X-Api-Key', 'credential'],
    ['set-cookie', 'credential'],
    ['PrivateKey', 'credential'],
    ['request_sha256', 'control'],
    ['Idempotency-Key', 'control'],
    ['sessionId', 'control'],
    ['tenant_id', 'control'],
    ['statusRef', 'control'],
  ])('%s is denied as %s', (key, kind) => expect(deniedKeyKind(key)).toBe(kind));
  it.each([
    'status',
    'order_ref',
    'title',
    'snippet',
    'url',
    'query',
    'hits',
    'reason',
    'draft_ref',
    'subject_line',
    'sessions',
    'doc_ref',
  ])('%s is allowed', (key) => expect(deniedKeyKind(key)).toBeNull());
  it('a key that merely contains a credential word is denied (tokenizer, secretary): false positives over leaks', () => {
    expect(deniedKeyKind('tokenizer')).toBe('credential');
  });
  it('property: every disguise of a denied key is denied', () => {
    fc.assert(
      fc.property(disguise, (k) => {
        expect(deniedKeyKind(k)).not.toBeNull();
      }),
      { seed: 20260719, numRuns: 500 },
    );
  });
  it('property: disguised keys nested in arrays of objects are found with their pointer', () => {
    fc.assert(
      fc.property(disguise, fc.nat({ max: 3 }), (k, i) => {
        const hits = Array.from({ length: 4 }, () => ({ title: 't' }));
        (hits[i] as Record<string, unknown>)[k] = { nested: 'v' };
        const found = findDeniedKeys({ hits }, '/data');
        expect(found.map((f) => f.path)).toEqual([`/data/hits/${i}/${escapePointerSegment(k)}`]);
      }),
      { seed: 20260719, numRuns: 300 },
    );
  });
  it('property: the projection reports a disguised key in a hit as SENSITIVE_FIELD, never DATA_SCHEMA', () => {
    const sc = findScenario('search_kb.hits') as Scenario;
    fc.assert(
      fc.property(disguise, (k) => {
        const raw = structuredClone(sc.handler_output) as { data: { hits: Record<string, unknown>[] } };
        (raw.data.hits[1] as Record<string, unknown>)[k] = 'x';
        const v = projectDetailed(raw, sc.context, chapterTools).violations;
        expect(v.map((x) => x.code)).toEqual(['SENSITIVE_FIELD']);
        expect(v[0]?.path).toBe(`/data/hits/1/${escapePointerSegment(k)}`);
      }),
      { seed: 20260719, numRuns: 200 },
    );
  });
});

describe('the ASCII fast path of normalizeKey', () => {
  it('gives what NFKC, lower-casing and dropping non-letters-or-digits give, for any ASCII key', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 30 }), (key) => {
        expect(normalizeKey(key)).toBe(
          key
            .normalize('NFKC')
            .toLowerCase()
            .replace(/[^\p{L}\p{N}]/gu, ''),
        );
      }),
      { seed: 20260719, numRuns: 500 },
    );
  });
});
