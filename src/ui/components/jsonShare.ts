/**
 * Structural sharing between two JSON values: `next`, with every subtree
 * that equals the same place in `prev` replaced by `prev`'s object. The
 * evaluation builds new objects on every keystroke; after this, a view
 * memoized on object identity (JsonView's nodes) re-renders only the path
 * that changed. Pure: no DOM, no React; reads both values, writes neither.
 */
export function shareUnchanged(prev: unknown, next: unknown): unknown {
  if (Object.is(prev, next)) return prev;
  if (prev === null || next === null || typeof prev !== 'object' || typeof next !== 'object') return next;
  if (Array.isArray(prev) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const p = prev as unknown[];
    const out = next.map((v, i) => (i < p.length ? shareUnchanged(p[i], v) : v));
    return out.length === p.length && out.every((v, i) => v === p[i]) ? prev : out;
  }
  const p = prev as Record<string, unknown>;
  const n = next as Record<string, unknown>;
  const keys = Object.keys(n);
  const out: Record<string, unknown> = {};
  let same = keys.length === Object.keys(p).length;
  for (const k of keys) {
    const v = Object.hasOwn(p, k) ? shareUnchanged(p[k], n[k]) : n[k];
    // A member named "__proto__" (strict JSON keeps it as data) would set the prototype under plain assignment.
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    if (v !== p[k] || !Object.hasOwn(p, k)) same = false;
  }
  // Same members in the same order, each the same object: the previous value stands for this one.
  return same && Object.keys(p).every((k, i) => k === keys[i]) ? prev : out;
}
