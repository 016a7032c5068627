import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shareUnchanged } from './jsonShare.ts';
import { parseStrictJson } from '#lib/core/json/index.ts';

describe('shareUnchanged', () => {
  it('keeps the previous object for every unchanged subtree, and a new one on the changed path', () => {
    const prev = { a: { b: [1, { c: 'x' }] }, d: { e: 1 } };
    const next = structuredClone(prev);
    next.d.e = 2;
    const shared = shareUnchanged(prev, next) as typeof prev;
    expect(shared).toEqual(next);
    expect(shared).not.toBe(prev);
    expect(shared.a).toBe(prev.a);
    expect(shared.d).not.toBe(prev.d);
  });
  it('an equal value is the previous one; member order is part of the value', () => {
    expect(shareUnchanged({ a: 1, b: [2] }, { a: 1, b: [2] })).toEqual({ a: 1, b: [2] });
    const prev = { a: 1, b: 2 };
    expect(shareUnchanged(prev, { a: 1, b: 2 })).toBe(prev);
    expect(Object.keys(shareUnchanged(prev, { b: 2, a: 1 }) as object)).toEqual(['b', 'a']);
  });
  it('a member named __proto__ stays a member (fast-check found it: {} and {"__proto__": ""} gave {})', () => {
    // As the page's parser hands it over: strict JSON keeps "__proto__" as an own member.
    const parsed = parseStrictJson('{"__proto__": "", "a": 1}');
    if (!parsed.ok) throw new Error('the text is JSON');
    const next = parsed.value;
    expect(JSON.stringify(shareUnchanged({}, next))).toBe('{"__proto__":"","a":1}');
    expect(Object.getPrototypeOf(shareUnchanged({ a: 1 }, next))).toBe(Object.prototype);
  });
  it('property: the result always serializes as the next value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(JSON.stringify(shareUnchanged(a, b))).toBe(JSON.stringify(b));
        expect(shareUnchanged(a, structuredClone(a))).toBe(a);
      }),
      { numRuns: 300 },
    );
  });
});
