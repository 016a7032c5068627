/**
 * The projection's read of a handler output (docs/contract.md#values-nobody-vouches-for): one walk
 * (json/untrusted.ts) makes a plain copy, and everything after it reads the copy, never the
 * handler's value again. So a getter never runs, a Proxy is asked once, a cycle or a lone
 * surrogate is a located violation, and no later check can throw or hang on what the handler made.
 */
import { readUntrusted, UNTRUSTED_LIMITS, type UntrustedFault } from '../json/untrusted.ts';
import type { ViolationCode, ViolationList } from '../tables/violation.ts';

const WHY: Record<UntrustedFault['code'], string> = {
  UNDEFINED: 'undefined is not JSON',
  FUNCTION: 'a function is not JSON',
  SYMBOL: 'a symbol is not JSON',
  BIGINT: 'a bigint is not JSON',
  NON_FINITE_NUMBER: 'a non-finite number is not JSON',
  LONE_SURROGATE: 'a lone surrogate (in this string, or in a member name of this object) has no UTF-8 encoding',
  SPARSE_ARRAY: 'a hole in an array is not JSON',
  NON_PLAIN_OBJECT: 'an instance of a class (a Date, a Map, an entity) is not plain JSON data',
  ACCESSOR_PROPERTY: 'a getter is not plain data, and it is never called',
  SYMBOL_KEY: 'a symbol-keyed member has no JSON text',
  CYCLE: 'a cycle has no JSON text',
  TOO_DEEP: `nesting deeper than ${UNTRUSTED_LIMITS.maxDepth} levels`,
  TOO_LARGE: `more than ${UNTRUSTED_LIMITS.maxValues} values`,
  UNREADABLE: 'reading it threw (a Proxy)',
};

/** A fault in the data is the data breaking its contract; anywhere else, the envelope's. */
const codeAt = (path: string): ViolationCode =>
  path === '/data' || path.startsWith('/data/') ? 'DATA_SCHEMA' : 'RESULT_SCHEMA';

export interface HandlerOutputRead {
  /** The plain copy every later check reads. */
  value: unknown;
  /** Drops what later checks reported at or under a fault's place (the copy lacks it, so "missing" would be noise). */
  prune(out: ViolationList): void;
}

/** Reads `raw` once; each fault is added to `out` where it was found. */
export function readHandlerOutput(raw: unknown, out: ViolationList): HandlerOutputRead {
  const { value, faults } = readUntrusted(raw);
  const from = out.length;
  for (const f of faults) {
    if (f.code === 'TOO_DEEP') out.add('DEPTH_LIMIT', f.path, { kind: 'too_deep', limit: UNTRUSTED_LIMITS.maxDepth });
    else out.add(codeAt(f.path), f.path, { kind: 'not_json', reason: f.code, message: WHY[f.code] });
  }
  const own = out.length;
  const places = new Set(faults.map((f) => f.path));
  // A pointer's ancestors are looked up, never every fault compared with every violation (both may be many).
  const under = (p: string) => {
    for (let i = p.length; i >= 0; i = p.lastIndexOf('/', i - 1)) {
      if (places.has(p.slice(0, i))) return true;
      if (i === 0) return false;
    }
    return false;
  };
  return {
    value,
    prune(list) {
      if (places.size === 0) return;
      const kept = list.items.filter((v, i) => i < own || !under(v.path));
      list.items.splice(from, list.items.length - from, ...kept.slice(from));
    },
  };
}
