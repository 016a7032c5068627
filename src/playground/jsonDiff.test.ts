import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStrictJson } from '#lib/core/index.ts';
import { parsePointer } from '#lib/core/json/index.ts';
import {
  countKinds,
  foldRows,
  jsonDiff,
  linesOf,
  sideBySide,
  type DiffEntry,
  type Line,
  type Row,
} from './jsonDiff.ts';

/** Applies entries to a copy of `before`: used to check that a diff says everything and nothing more. */
function applyDiff(before: unknown, entries: readonly DiffEntry[]): unknown {
  let root = structuredClone(before);
  // Removals from the end first, so array indices stay right.
  const ordered = [
    ...entries.filter((e) => e.kind !== 'removed'),
    ...entries.filter((e) => e.kind === 'removed').reverse(),
  ];
  for (const e of ordered) {
    const parts = parsePointer(e.path);
    if (parts.length === 0) {
      root = e.kind === 'removed' ? undefined : structuredClone(e.after);
      continue;
    }
    let cur = root as Record<string, unknown>;
    for (const p of parts.slice(0, -1)) cur = cur[p] as Record<string, unknown>;
    const last = parts[parts.length - 1] as string;
    if (e.kind === 'removed') {
      if (Array.isArray(cur)) cur.splice(Number(last), 1);
      else delete cur[last];
    } else {
      Object.defineProperty(cur, last, {
        value: structuredClone(e.after),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return root;
}

const columnText = (rows: readonly Row[], side: 'left' | 'right'): string =>
  rows
    .map((r) => r[side])
    .filter((l): l is Line => l !== null)
    .map((l) => `${'  '.repeat(l.indent)}${l.text}`)
    .join('\n');

/** A JSON text read back with the app's own strict parser; a test failure if it is not strict JSON. */
function readBack(text: string): unknown {
  const r = parseStrictJson(text, { maxBytes: Number.MAX_SAFE_INTEGER });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** The values the diff view is ever given: JSON the strict parser accepts (no integer beyond ±(2^53−1)). */
const jsonValue = fc.jsonValue().filter((v) => parseStrictJson(JSON.stringify(v)).ok);

/** JSON equality as a reader would see it (0 and -0 alike). */
const norm = (v: unknown): unknown => readBack(JSON.stringify(v));

describe('jsonDiff', () => {
  it('finds nothing between equal values, whatever the key order', () => {
    expect(jsonDiff({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toEqual([]);
    expect(jsonDiff('x', 'x')).toEqual([]);
    expect(jsonDiff(0, -0)).toEqual([]);
  });

  it('reports a changed leaf with both values at its pointer', () => {
    expect(jsonDiff({ data: { status: 'paid' } }, { data: { status: 'refunded' } })).toEqual([
      { kind: 'changed', path: '/data/status', before: 'paid', after: 'refunded' },
    ]);
  });

  it('reports an added member once, at its root, with the whole subtree', () => {
    const d = jsonDiff({ hits: [{ t: 'a' }] }, { hits: [{ t: 'a', access_token: { v: 'sk' } }] });
    expect(d).toEqual([{ kind: 'added', path: '/hits/0/access_token', after: { v: 'sk' } }]);
  });

  it('reports removed members and array elements', () => {
    expect(jsonDiff({ a: 1, b: 2 }, { a: 1 })).toEqual([{ kind: 'removed', path: '/b', before: 2 }]);
    expect(jsonDiff([1, 2, 3], [1])).toEqual([
      { kind: 'removed', path: '/1', before: 2 },
      { kind: 'removed', path: '/2', before: 3 },
    ]);
    expect(jsonDiff([1], [1, { x: 1 }])).toEqual([{ kind: 'added', path: '/1', after: { x: 1 } }]);
  });

  it('reports a change of shape as one changed entry (data object to null)', () => {
    expect(jsonDiff({ data: { a: 1 }, error: null }, { data: null, error: { code: 'X' } })).toEqual([
      { kind: 'changed', path: '/data', before: { a: 1 }, after: null },
      { kind: 'changed', path: '/error', before: null, after: { code: 'X' } },
    ]);
    expect(jsonDiff([], {})).toEqual([{ kind: 'changed', path: '', before: [], after: {} }]);
    expect(jsonDiff('1', 1)).toEqual([{ kind: 'changed', path: '', before: '1', after: 1 }]);
  });

  it('escapes ~ and / in member names (RFC 6901)', () => {
    expect(jsonDiff({ 'a/b': 1, 'm~n': 1 }, { 'a/b': 2, 'm~n': 2 }).map((e) => e.path)).toEqual(['/a~1b', '/m~0n']);
  });

  it('treats a member holding undefined as absent, like JSON.stringify', () => {
    expect(jsonDiff({ a: 1, b: undefined }, { a: 1 })).toEqual([]);
    expect(jsonDiff({ a: 1 }, { a: 1, b: undefined })).toEqual([]);
  });

  it('tells an empty string, null, false and 0 apart', () => {
    expect(jsonDiff(['', null, false, 0], [null, false, 0, ''])).toHaveLength(4);
  });

  it('counts kinds', () => {
    expect(countKinds(jsonDiff({ a: 1, b: 2 }, { a: 3, c: 4 }))).toEqual({ added: 1, removed: 1, changed: 1 });
  });

  it('says exactly what changed: applying the diff to before gives after (property)', () => {
    fc.assert(
      fc.property(jsonValue, jsonValue, (b, a) => {
        expect(norm(applyDiff(b, jsonDiff(b, a)))).toEqual(norm(a));
        expect(jsonDiff(b, structuredClone(b))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a single edit deep inside a structure (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), jsonValue), fc.string(), jsonValue, (b, k, v) => {
        const a = { ...structuredClone(b), box: { [k]: v } };
        const bb = { ...b, box: { [k]: v === 'other' ? 'other2' : 'other' } };
        const d = jsonDiff(bb, a);
        expect(d.every((e) => e.path.startsWith('/box'))).toBe(true);
        expect(d.length).toBeGreaterThan(0);
      }),
      { numRuns: 100 },
    );
  });
});

describe('linesOf', () => {
  it('pretty-prints exactly like JSON.stringify(v, null, 2)', () => {
    fc.assert(
      fc.property(jsonValue, (v) => {
        const text = linesOf(v)
          .map((l) => `${'  '.repeat(l.indent)}${l.text}`)
          .join('\n');
        expect(text).toBe(JSON.stringify(v, null, 2));
      }),
      { numRuns: 300 },
    );
  });

  it('gives every line the pointer of its value', () => {
    const lines = linesOf({ data: { hits: [{ title: 'x' }] } });
    expect(lines.map((l) => l.path)).toEqual([
      '',
      '/data',
      '/data/hits',
      '/data/hits/0',
      '/data/hits/0/title',
      '/data/hits/0',
      '/data/hits',
      '/data',
      '',
    ]);
  });
});

describe('sideBySide', () => {
  it('aligns a changed leaf on one row, marked on both sides', () => {
    const rows = sideBySide({ a: 1, b: 'x' }, { a: 1, b: 'y' });
    expect(rows.map((r) => [r.left?.text ?? null, r.right?.text ?? null, r.mark])).toEqual([
      ['{', '{', null],
      ['"a": 1,', '"a": 1,', null],
      ['"b": "x"', '"b": "y"', 'changed'],
      ['}', '}', null],
    ]);
  });

  it('leaves a gap on the other side for added and removed members, with each column’s own commas', () => {
    const rows = sideBySide({ a: 1, gone: true }, { a: 1, extra: { n: 2 } });
    expect(rows.map((r) => [r.left?.text ?? null, r.right?.text ?? null, r.mark, r.diffPath])).toEqual([
      ['{', '{', null, null],
      ['"a": 1,', '"a": 1,', null, null],
      ['"gone": true', null, 'removed', '/gone'],
      [null, '"extra": {', 'added', '/extra'],
      [null, '"n": 2', 'added', '/extra'],
      [null, '}', 'added', '/extra'],
      ['}', '}', null, null],
    ]);
  });

  it('handles an empty container growing a member', () => {
    const rows = sideBySide({ hits: [] }, { hits: [1] });
    expect(rows.map((r) => [r.left?.text ?? null, r.right?.text ?? null, r.mark])).toEqual([
      ['{', '{', null],
      ['"hits": []', '"hits": [', null],
      [null, '1', 'added'],
      [null, ']', null],
      ['}', '}', null],
    ]);
  });

  it('each column reads back as its value, and marked rows name exactly the diff entries (property)', () => {
    fc.assert(
      fc.property(jsonValue, jsonValue, (b, a) => {
        const rows = sideBySide(b, a);
        expect(readBack(columnText(rows, 'left'))).toEqual(norm(b));
        expect(readBack(columnText(rows, 'right'))).toEqual(norm(a));
        const marked = new Set(rows.flatMap((r) => (r.diffPath === null ? [] : [`${r.mark} ${r.diffPath}`])));
        expect(marked).toEqual(new Set(jsonDiff(b, a).map((e) => `${e.kind} ${e.path}`)));
        expect(rows.every((r) => r.left !== null || r.right !== null)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps related edits near each other: a removed member stays after the member it followed', () => {
    const rows = sideBySide({ a: 1, b: 2, c: 3 }, { c: 3, a: 1 });
    const keys = rows.map((r) => (r.left ?? r.right)?.text.split(':')[0] ?? '');
    expect(keys).toEqual(['{', '"c"', '"a"', '"b"', '}']);
    expect(rows[3]?.mark).toBe('removed');
  });
});

describe('foldRows', () => {
  const row = (mark: Row['mark']): Row => ({
    left: { indent: 0, text: 'x', path: '' },
    right: { indent: 0, text: 'x', path: '' },
    mark,
    diffPath: mark === null ? null : '',
  });

  it('keeps context around a change and folds the rest', () => {
    const rows = [
      ...Array.from({ length: 6 }, () => row(null)),
      row('changed'),
      ...Array.from({ length: 6 }, () => row(null)),
    ];
    const blocks = foldRows(rows, 2);
    expect(blocks.map((b) => [b.kind, b.rows.length, b.start])).toEqual([
      ['fold', 4, 0],
      ['rows', 5, 4],
      ['fold', 4, 9],
    ]);
    expect(blocks.reduce((n, b) => n + b.rows.length, 0)).toBe(rows.length);
  });

  it('never folds a single row', () => {
    const rows = [row(null), row(null), row(null), row('added'), row(null), row(null), row(null), row('removed')];
    expect(foldRows(rows, 2).map((b) => b.kind)).toEqual(['rows']);
  });

  it('shows the first rows when nothing changed', () => {
    const blocks = foldRows(
      Array.from({ length: 10 }, () => row(null)),
      2,
    );
    expect(blocks.map((b) => [b.kind, b.rows.length])).toEqual([
      ['rows', 2],
      ['fold', 8],
    ]);
  });
});
