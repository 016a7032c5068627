import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PointerSet, StringMap, StringSet, V8_MAX_HASHED_LENGTH } from './longKeys.ts';
import { parseStrictJson } from './strictJson.ts';
import { pointerFrom } from './jsonPointer.ts';

// Keys past the length V8 hashes, equal in length and differing only at the end: the ones that collided.
const long = (tail: string, length = V8_MAX_HASHED_LENGTH + 17) => 'k'.repeat(length - tail.length) + tail;

describe('StringSet and StringMap: equality, whatever the length', () => {
  it('tells apart long keys of one length that differ in their last character', () => {
    const set = new StringSet();
    set.add(long('a')).add(long('b')).add(long('a'));
    expect(set.size).toBe(2);
    expect(set.has(long('a'))).toBe(true);
    expect(set.has(long('c'))).toBe(false);
    // A long key and its pieces' spelling never meet: a short key that reads like one is another key.
    expect(set.has('0:0,')).toBe(false);
    set.add('0:0,');
    expect(set.size).toBe(3);
  });

  it('keys of every length up to three pieces, as a native Map would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 * V8_MAX_HASHED_LENGTH }), fc.constantFrom('a', 'b', 'c')), {
          maxLength: 12,
        }),
        (specs) => {
          const map = new StringMap<number>();
          const native = new Map<string, number>();
          specs.forEach(([length, tail], i) => {
            const key = long(tail, Math.max(1, length));
            map.set(key, i);
            native.set(key, i);
          });
          for (const [key, value] of native) if (map.get(key) !== value) return false;
          return map.get(long('z', 2 * V8_MAX_HASHED_LENGTH)) === undefined;
        },
      ),
      { seed: 20260719, numRuns: 60 },
    );
  });
});

describe('PointerSet.covers: at or under a held pointer', () => {
  it('covers the pointer and its descendants only', () => {
    const set = new PointerSet().add('/a').add(`/${long('x')}`);
    expect(set.covers('/a')).toBe(true);
    expect(set.covers('/a/b/0')).toBe(true);
    expect(set.covers('/ab')).toBe(false);
    expect(set.covers('/b/a')).toBe(false);
    expect(set.covers(`/${long('x')}/0/token`)).toBe(true);
    expect(set.covers(`/${long('y')}/0/token`)).toBe(false);
    expect(new PointerSet().add('').covers('/anything')).toBe(true);
    expect(new PointerSet().covers('')).toBe(false);
  });
});

/** Every pointer of a value and the value there. */
function pointers(v: unknown, at: (string | number)[] = [], out = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(v)) v.forEach((x, i) => pointers(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) pointers(x, [...at, k], out);
  out.set(pointerFrom(at), v);
  return out;
}

describe("the parser's locations (json/jsonLocations.ts)", () => {
  it('hold every pointer of the text and no other, each at its value', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), fc.constantFrom('', '/', '~', 'k'.repeat(20_000)), (text, name) => {
        // fc.json writes integers past ±(2^53−1), which the parser refuses by rule: those texts say nothing here.
        fc.pre(parseStrictJson(text).ok);
        const wrapped = `{${JSON.stringify(name)}: ${text}, "x": [${text}]}`;
        const r = parseStrictJson(wrapped, { locations: true });
        if (!r.ok || r.locations === undefined) return false;
        const expected = pointers(r.value);
        const locations = r.locations;
        if (locations.size !== expected.size || new Set(locations.keys()).size !== expected.size) return false;
        for (const [pointer, value] of expected) {
          const loc = locations.get(pointer);
          if (loc === undefined || !locations.has(pointer)) return false;
          const there = parseStrictJson(wrapped.slice(loc.valueStart, loc.valueEnd));
          if (!there.ok || JSON.stringify(there.value) !== JSON.stringify(value)) return false;
        }
        return [...locations.keys()].every((p) => expected.has(p));
      }),
      { seed: 20260719, numRuns: 150 },
    );
  });

  it('find nothing where RFC 6901 names nothing', () => {
    const r = parseStrictJson('{"a~b":[1,2],"01":3}', { locations: true });
    const at = r.ok ? r.locations : undefined;
    expect(at?.get('/a~0b/1')).toMatchObject({ valueStart: 10, valueEnd: 11 });
    expect(at?.get('/01')).toMatchObject({ keyStart: 13 });
    for (const p of ['/a~0b/01', '/a~0b/-', '/a~2b', '/a~0b/2', 'a', '/01/0']) expect(at?.has(p)).toBe(false);
  });

  it('list children before their container, as each value ends', () => {
    const r = parseStrictJson('{"a":[1,{"b":2}]}', { locations: true });
    expect(r.ok ? [...r.locations!.keys()] : null).toEqual(['/a/0', '/a/1/b', '/a/1', '/a', '']);
  });
});
