/**
 * A structural diff of two JSON values, addressed by JSON Pointer (RFC 6901),
 * and the same comparison laid out as two aligned pretty-printed columns.
 *
 * Objects are compared member by member (key order does not matter: RFC 8785
 * sorts keys anyway), arrays index by index. A member or element present on
 * one side only is one `added` / `removed` entry at its root, carrying the
 * whole subtree; two leaves that differ, or two values of different shapes
 * (object / array / leaf), are one `changed` entry with both values. A member
 * whose value is `undefined` counts as absent, as in JSON.stringify.
 *
 * Pure: no DOM, no React.
 */
import { escapePointerSegment } from '#lib/core/json/index.ts';

export type DiffKind = 'added' | 'removed' | 'changed';

export type DiffEntry =
  | { kind: 'added'; path: string; after: unknown }
  | { kind: 'removed'; path: string; before: unknown }
  | { kind: 'changed'; path: string; before: unknown; after: unknown };

type Shape = 'object' | 'array' | 'leaf';

const shapeOf = (v: unknown): Shape =>
  Array.isArray(v) ? 'array' : v !== null && typeof v === 'object' ? 'object' : 'leaf';

/** Own members that JSON would serialize (value not `undefined`). */
const keysOf = (o: object): string[] => Object.keys(o).filter((k) => (o as Record<string, unknown>)[k] !== undefined);

const hasMember = (o: object, k: string): boolean =>
  Object.hasOwn(o, k) && (o as Record<string, unknown>)[k] !== undefined;

const member = (o: unknown, k: string): unknown => (o as Record<string, unknown>)[k];

/** Leaves are equal when JSON would write them the same (so 0 equals -0). */
function sameLeaf(a: unknown, b: unknown): boolean {
  return Object.is(a, b) || (a === 0 && b === 0);
}

const child = (path: string, key: string | number): string => `${path}/${escapePointerSegment(String(key))}`;

/**
 * The differences from `before` to `after`, in document order.
 *
 * @example jsonDiff({a: 1, b: 2}, {a: 1, b: 3, c: 4})
 *   // [{kind:'changed', path:'/b', before:2, after:3}, {kind:'added', path:'/c', after:4}]
 */
export function jsonDiff(before: unknown, after: unknown): DiffEntry[] {
  const out: DiffEntry[] = [];
  walk(before, after, '', out);
  return out;
}

function walk(b: unknown, a: unknown, path: string, out: DiffEntry[]): void {
  const sb = shapeOf(b);
  const sa = shapeOf(a);
  if (sb === 'object' && sa === 'object') {
    for (const step of memberOrder(b as object, a as object)) {
      const p = child(path, step.key);
      if (step.side === 'both') walk(member(b, step.key), member(a, step.key), p, out);
      else if (step.side === 'before') out.push({ kind: 'removed', path: p, before: member(b, step.key) });
      else out.push({ kind: 'added', path: p, after: member(a, step.key) });
    }
  } else if (sb === 'array' && sa === 'array') {
    const bl = b as unknown[];
    const al = a as unknown[];
    for (let i = 0; i < Math.max(bl.length, al.length); i++) {
      const p = child(path, i);
      if (i >= al.length) out.push({ kind: 'removed', path: p, before: bl[i] });
      else if (i >= bl.length) out.push({ kind: 'added', path: p, after: al[i] });
      else walk(bl[i], al[i], p, out);
    }
  } else if (sb !== 'leaf' || sa !== 'leaf' || !sameLeaf(b, a)) {
    out.push({ kind: 'changed', path, before: b, after: a });
  }
}

interface MemberStep {
  key: string;
  side: 'both' | 'before' | 'after';
}

/**
 * One order for the members of both objects: `after`'s order, with each
 * member only in `before` placed right after the shared member it followed
 * there (or first). Each column, read alone, is then its own object.
 */
function memberOrder(b: object, a: object): MemberStep[] {
  const kb = keysOf(b);
  const ka = keysOf(a);
  const removedAfter = new Map<string | null, string[]>();
  let anchor: string | null = null;
  for (const k of kb) {
    if (hasMember(a, k)) anchor = k;
    else removedAfter.set(anchor, [...(removedAfter.get(anchor) ?? []), k]);
  }
  const steps: MemberStep[] = (removedAfter.get(null) ?? []).map((key) => ({ key, side: 'before' }));
  for (const k of ka) {
    if (!hasMember(b, k)) {
      steps.push({ key: k, side: 'after' });
      continue;
    }
    steps.push({ key: k, side: 'both' });
    for (const r of removedAfter.get(k) ?? []) steps.push({ key: r, side: 'before' });
  }
  return steps;
}

/* ------------------------------------------------------------------ */
/* Side by side                                                          */
/* ------------------------------------------------------------------ */

/** One line of pretty-printed JSON (two-space indent, like JSON.stringify(v, null, 2)). */
export interface Line {
  /** Nesting depth: the UI indents by it (so wrapped lines keep their indent). */
  indent: number;
  /** The line without its indent, e.g. `"title": "Refunds",`. */
  text: string;
  /** Pointer of the value this line opens, closes or holds. */
  path: string;
}

/** One row of the aligned view: a line on either side, or a gap where one side has nothing. */
export interface Row {
  left: Line | null;
  right: Line | null;
  /** Which change this row belongs to, or null when the row is unchanged. */
  mark: DiffKind | null;
  /** The pointer of the diff entry (as in `jsonDiff`) this row shows; null when unchanged. */
  diffPath: string | null;
}

function leafText(v: unknown): string {
  try {
    const t = JSON.stringify(v);
    return t === undefined ? String(v) : t;
  } catch {
    return String(v);
  }
}

const prefixOf = (label: string | null): string => (label === null ? '' : `${JSON.stringify(label)}: `);

function isEmptyContainer(v: unknown): boolean {
  const s = shapeOf(v);
  return s === 'array' ? (v as unknown[]).length === 0 : s === 'object' ? keysOf(v as object).length === 0 : false;
}

/** Pretty-printed lines of one value under `label` (a member name, or null for an element or the root). */
export function linesOf(v: unknown, path = '', label: string | null = null, comma = false, indent = 0): Line[] {
  const prefix = prefixOf(label);
  const c = comma ? ',' : '';
  const s = shapeOf(v);
  if (s === 'leaf') return [{ indent, text: `${prefix}${leafText(v)}${c}`, path }];
  const [open, close] = s === 'array' ? ['[', ']'] : ['{', '}'];
  if (isEmptyContainer(v)) return [{ indent, text: `${prefix}${open}${close}${c}`, path }];
  const out: Line[] = [{ indent, text: `${prefix}${open}`, path }];
  if (s === 'array') {
    const list = v as unknown[];
    list.forEach((x, i) => out.push(...linesOf(x, child(path, i), null, i < list.length - 1, indent + 1)));
  } else {
    const keys = keysOf(v as object);
    keys.forEach((k, i) => out.push(...linesOf(member(v, k), child(path, k), k, i < keys.length - 1, indent + 1)));
  }
  out.push({ indent, text: `${close}${c}`, path });
  return out;
}

/** Both values pretty-printed and aligned row by row, each changed row marked. */
export function sideBySide(before: unknown, after: unknown): Row[] {
  const rows: Row[] = [];
  merge(before, after, '', null, false, false, 0, rows);
  return rows;
}

function merge(
  b: unknown,
  a: unknown,
  path: string,
  label: string | null,
  commaB: boolean,
  commaA: boolean,
  indent: number,
  rows: Row[],
): void {
  const sb = shapeOf(b);
  const sa = shapeOf(a);
  if (sb === 'leaf' && sa === 'leaf' && sameLeaf(b, a)) {
    const [l] = linesOf(b, path, label, commaB, indent);
    const [r] = linesOf(a, path, label, commaA, indent);
    rows.push({ left: l ?? null, right: r ?? null, mark: null, diffPath: null });
    return;
  }
  if (sb !== sa || sb === 'leaf') {
    const ls = linesOf(b, path, label, commaB, indent);
    const rs = linesOf(a, path, label, commaA, indent);
    for (let i = 0; i < Math.max(ls.length, rs.length); i++)
      rows.push({ left: ls[i] ?? null, right: rs[i] ?? null, mark: 'changed', diffPath: path });
    return;
  }
  // Two containers of the same shape.
  const prefix = prefixOf(label);
  const [open, close] = sb === 'array' ? ['[', ']'] : ['{', '}'];
  const head = (v: unknown, comma: boolean): Line => ({
    indent,
    path,
    text: isEmptyContainer(v) ? `${prefix}${open}${close}${comma ? ',' : ''}` : `${prefix}${open}`,
  });
  rows.push({ left: head(b, commaB), right: head(a, commaA), mark: null, diffPath: null });

  // Each side's commas follow its own last member, in the merged order.
  type Step = { key: string | number; label: string | null; side: 'both' | 'before' | 'after' };
  const steps: Step[] =
    sb === 'array'
      ? Array.from({ length: Math.max((b as unknown[]).length, (a as unknown[]).length) }, (_, i) => ({
          key: i,
          label: null,
          side: i >= (a as unknown[]).length ? 'before' : i >= (b as unknown[]).length ? 'after' : 'both',
        }))
      : memberOrder(b as object, a as object).map((s) => ({ ...s, label: s.key }));
  const lastB = steps.map((s) => s.side !== 'after').lastIndexOf(true);
  const lastA = steps.map((s) => s.side !== 'before').lastIndexOf(true);
  const get = (v: unknown, k: string | number): unknown => (Array.isArray(v) ? v[k as number] : member(v, k as string));
  steps.forEach((s, i) => {
    const p = child(path, s.key);
    if (s.side === 'both') {
      merge(get(b, s.key), get(a, s.key), p, s.label, i < lastB, i < lastA, indent + 1, rows);
    } else if (s.side === 'before') {
      for (const l of linesOf(get(b, s.key), p, s.label, i < lastB, indent + 1))
        rows.push({ left: l, right: null, mark: 'removed', diffPath: p });
    } else {
      for (const r of linesOf(get(a, s.key), p, s.label, i < lastA, indent + 1))
        rows.push({ left: null, right: r, mark: 'added', diffPath: p });
    }
  });

  const tail = (v: unknown, comma: boolean): Line | null =>
    isEmptyContainer(v) ? null : { indent, path, text: `${close}${comma ? ',' : ''}` };
  const l = tail(b, commaB);
  const r = tail(a, commaA);
  if (l !== null || r !== null) rows.push({ left: l, right: r, mark: null, diffPath: null });
}

/* ------------------------------------------------------------------ */
/* Folding unchanged runs                                                */
/* ------------------------------------------------------------------ */

export type RowBlock = { kind: 'rows'; rows: Row[]; start: number } | { kind: 'fold'; rows: Row[]; start: number };

/**
 * Splits rows into shown blocks and folded runs of unchanged rows, keeping
 * `context` unchanged rows next to every change. A run is folded only when
 * it would hide more than one row. With no change at all, everything folds
 * but the first `context` rows.
 */
export function foldRows(rows: readonly Row[], context = 2): RowBlock[] {
  const keep = rows.map(() => false);
  const changed = rows.map((r) => r.mark !== null);
  if (!changed.includes(true)) for (let i = 0; i < Math.min(context, rows.length); i++) keep[i] = true;
  changed.forEach((c, i) => {
    if (!c) return;
    for (let j = Math.max(0, i - context); j <= Math.min(rows.length - 1, i + context); j++) keep[j] = true;
  });
  const blocks: RowBlock[] = [];
  let i = 0;
  while (i < rows.length) {
    const k = keep[i] as boolean;
    let j = i;
    while (j < rows.length && keep[j] === k) j++;
    const run = rows.slice(i, j);
    if (!k && run.length > 1) blocks.push({ kind: 'fold', rows: run, start: i });
    else {
      const prev = blocks[blocks.length - 1];
      if (prev !== undefined && prev.kind === 'rows') prev.rows.push(...run);
      else blocks.push({ kind: 'rows', rows: run, start: i });
    }
    i = j;
  }
  return blocks;
}

/** How many entries of each kind. */
export function countKinds(entries: readonly DiffEntry[]): Record<DiffKind, number> {
  const n: Record<DiffKind, number> = { added: 0, removed: 0, changed: 0 };
  for (const e of entries) n[e.kind]++;
  return n;
}
