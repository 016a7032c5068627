import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CanonicalizationError, canonicalize } from './canonical.ts';
import { referenceVectors } from '../../../test/support/vectors.ts';

const jcs = referenceVectors('jcs');

describe('RFC 8785 reference vectors (test/vectors/jcs)', () => {
  const names = readdirSync(join(jcs, 'input')).filter((f) => f.endsWith('.json'));
  it('has the six vectors', () =>
    expect(names.sort()).toEqual([
      'arrays.json',
      'french.json',
      'structures.json',
      'unicode.json',
      'values.json',
      'weird.json',
    ]));
  it.each(names)('%s byte for byte', (name) => {
    const dir = jcs;
    const input = JSON.parse(readFileSync(join(dir, 'input', name), 'utf8')) as unknown;
    const expected = readFileSync(join(dir, 'output', name));
    const got = Buffer.from(canonicalize(input), 'utf8');
    expect(got.toString('hex')).toBe(expected.toString('hex'));
    const hex = readFileSync(join(dir, 'outhex', name.replace('.json', '.txt')), 'utf8')
      .replace(/\s+/g, '')
      .toLowerCase();
    expect(got.toString('hex')).toBe(hex);
  });
});

const refused = (v: unknown) => {
  try {
    canonicalize(v);
  } catch (e) {
    expect(e).toBeInstanceOf(CanonicalizationError);
    return { code: (e as CanonicalizationError).code, path: (e as CanonicalizationError).path };
  }
  throw new Error('expected a CanonicalizationError');
};

describe('hostile input (docs/digests.md#canonical-encoding): where the popular npm encoders go wrong', () => {
  it('refuses a function member instead of emitting invalid JSON', () => {
    expect(refused({ a: 1, f: () => 1 })).toEqual({ code: 'FUNCTION', path: '/f' });
  });
  it('refuses a sparse array instead of inventing null', () => {
    // eslint-disable-next-line no-sparse-arrays -- the hole is the input under test
    expect(refused({ list: [1, , 3] })).toEqual({ code: 'SPARSE_ARRAY', path: '/list/1' });
  });
  it('refuses a Date instead of calling its toJSON', () => {
    expect(refused({ when: new Date(0) })).toEqual({ code: 'NON_PLAIN_OBJECT', path: '/when' });
  });
  it('sorts an object that has a data member named toJSON, and never calls it', () => {
    expect(canonicalize({ z: 1, toJSON: 'x', a: 2 })).toBe('{"a":2,"toJSON":"x","z":1}');
  });
  it('refuses a toJSON method rather than letting it replace the object', () => {
    expect(refused({ b: 1, toJSON: () => ({ forged: true }) })).toEqual({ code: 'FUNCTION', path: '/toJSON' });
  });
  it('refuses lone surrogates in values and in keys', () => {
    expect(refused({ a: 'x\uD800' })).toEqual({ code: 'LONE_SURROGATE', path: '/a' });
    expect(refused({ a: '\uDC00y' })).toEqual({ code: 'LONE_SURROGATE', path: '/a' });
    expect(refused({ ['k\uDBFF']: 1 }).code).toBe('LONE_SURROGATE');
    expect(canonicalize('\uD83D\uDE00')).toBe('"😀"');
  });
  it('writes -0 as 0', () => expect(canonicalize({ n: -0 })).toBe('{"n":0}'));
  it('refuses NaN and the infinities', () => {
    expect(refused(NaN).code).toBe('NON_FINITE_NUMBER');
    expect(refused([Infinity]).path).toBe('/0');
    expect(refused({ x: -Infinity }).code).toBe('NON_FINITE_NUMBER');
  });
  it('refuses bigints, undefined and symbols', () => {
    expect(refused({ n: 10n }).code).toBe('BIGINT');
    expect(refused({ u: undefined }).code).toBe('UNDEFINED');
    expect(refused([Symbol('s')]).code).toBe('SYMBOL');
    expect(refused({ [Symbol('k')]: 1 }).code).toBe('SYMBOL_KEY');
  });
  it('refuses cycles with the path where the cycle closes', () => {
    const a: Record<string, unknown> = { b: {} };
    (a.b as Record<string, unknown>).back = a;
    expect(refused(a)).toEqual({ code: 'CYCLE', path: '/b/back' });
  });
  it('accepts a repeated (acyclic) reference', () => {
    const shared = { x: 1 };
    expect(canonicalize({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
  });
  it('keeps __proto__ as an ordinary own key, sorted with the others', () => {
    const o = JSON.parse('{"z":1,"__proto__":{"polluted":true}}') as unknown;
    expect(canonicalize(o)).toBe('{"__proto__":{"polluted":true},"z":1}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('refuses class instances, Maps, boxed primitives and getters', () => {
    class Point {
      x = 1;
    }
    expect(refused(new Point()).code).toBe('NON_PLAIN_OBJECT');
    expect(refused(new Map()).code).toBe('NON_PLAIN_OBJECT');
    expect(refused({ s: new String('x') }).path).toBe('/s');
    expect(refused(Object.defineProperty({}, 'g', { get: () => 1, enumerable: true })).code).toBe('ACCESSOR_PROPERTY');
  });
  it('escapes pointer segments in error paths (RFC 6901)', () => {
    expect(refused({ 'a/b': { '~c': undefined } }).path).toBe('/a~1b/~0c');
  });
  it('sorts keys by UTF-16 code units, not code points', () => {
    // U+FF61 sorts before U+1F600 by code point but after its high surrogate (0xD83D) by code unit.
    expect(canonicalize({ '\uFF61': 1, '\uD83D\uDE00': 2 })).toBe('{"😀":2,"｡":1}');
  });
  it('turns a very deep value into a typed error, not a stack overflow', () => {
    let v: unknown = 1;
    for (let i = 0; i < 5000; i++) v = [v];
    expect(refused(v).code).toBe('TOO_DEEP');
  });
});

describe('properties', () => {
  const json = fc.jsonValue({ maxDepth: 4 });
  it('is idempotent: canonical text re-parsed canonicalizes to itself', () => {
    fc.assert(
      fc.property(json, (v) => {
        const once = canonicalize(v);
        expect(canonicalize(JSON.parse(once))).toBe(once);
      }),
    );
  });
  it('does not depend on member order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), (o) => {
        const reversed = Object.fromEntries(Object.entries(o).reverse());
        expect(canonicalize(reversed)).toBe(canonicalize(o));
      }),
    );
  });
  it('is valid JSON that means the same value', () => {
    fc.assert(
      fc.property(json, (v) => {
        expect(JSON.parse(canonicalize(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
  });
});
