/**
 * Bounded memo tables for pure functions of content. The playground re-runs
 * parse → project → validate → three adapters on every keystroke; the same
 * model_result is hashed and canonicalized by each step. Memoizing by exact
 * content (a digest by its preimage bytes and key, canonical text by a
 * deep-frozen object) makes each distinct byte string cost once, without any
 * step trusting another step's verdict.
 */
export class BoundedMemo<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  /** First in, first out: a hit does not refresh (that would cost two more hashes of the key). */
  get(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    if (this.map.size >= this.capacity) this.map.delete(this.map.keys().next().value as K);
    this.map.set(key, value);
  }

  clear(): void {
    this.map.clear();
  }
}

const tables: { clear(): void }[] = [];

export function memoTable<K, V>(capacity: number): BoundedMemo<K, V> {
  const t = new BoundedMemo<K, V>(capacity);
  tables.push(t);
  return t;
}

/** For tests and benchmarks that must measure or compare without memo hits. */
export function clearMemos(): void {
  for (const t of tables) t.clear();
}

/**
 * Deep-freezes a JSON value in place and returns it. A frozen object can never
 * change again, so content memoized for it by identity stays true forever.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
    } else {
      const o = value as Record<string, unknown>;
      for (const k of Object.keys(o)) deepFreeze(o[k]);
    }
    Object.freeze(value);
  }
  return value;
}
