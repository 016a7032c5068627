/**
 * The one walk over a value nobody vouches for (docs/contract.md#values-nobody-vouches-for): a
 * handler's output, a stored package. Every scan of such a value (the deny-list, the depth check,
 * the audit-leak search, the projection's read) goes through it, so each gets the same guarantees:
 *
 * - only own, enumerable, string-keyed data members are read, through their property descriptors:
 *   no getter ever runs, and a Proxy's traps are asked once per member;
 * - the containers on the current path are a visited set: a cycle is a fault at the place that
 *   closes it, never followed (it made `project` run out of heap);
 * - a depth bound and a bound on the number of values read: no input can exhaust the stack or the
 *   heap, or keep a scan running;
 * - whatever the engine throws while reading (a revoked Proxy, a trap that throws) is a fault at
 *   that place, never an exception to the caller.
 *
 * A lone surrogate has no UTF-8 encoding, so RFC 8785 cannot write it: in a string it is a fault
 * at the string's pointer; in a member name, at the pointer of the object that holds the member,
 * since a pointer holding the name could not be written either (an audit entry would then be
 * unencodable, which made the control plane run a write again).
 */
import type { CanonicalizationErrorCode } from './canonical.ts';
import { pointerFrom } from './jsonPointer.ts';

/** Why a place is not JSON data: canonical JSON's own refusals, and the walk's two bounds. */
export type UntrustedFaultCode = CanonicalizationErrorCode | 'TOO_LARGE' | 'UNREADABLE';

export interface UntrustedFault {
  code: UntrustedFaultCode;
  /** RFC 6901 pointer, always well-formed UTF-16 (so always encodable). */
  path: string;
}

/**
 * The walk's bounds. 64 levels is the strict parser's (docs/strict-json.md); 2^19 values is more
 * than 1 MiB of JSON text can hold (every value but the last takes two bytes at least, `0,`).
 */
export const UNTRUSTED_LIMITS = Object.freeze({ maxDepth: 64, maxValues: 1 << 19 });

/** Where the walk is: `pointer()` builds the JSON Pointer only when a scan asks for it. */
export interface WalkPlace {
  pointer(): string;
}

export interface UntrustedVisitor {
  /** A member name of a plain object (well-formed), before its value is read; the place is the member's. */
  name?(key: string, at: WalkPlace): void;
  /** A JSON value (a plain object or array before its members), with its depth (the root container is 1). */
  value?(v: unknown, at: WalkPlace, depth: number): void;
  /** A place that is not JSON data; the walk goes on past it (after TOO_LARGE it stops). */
  fault?(f: UntrustedFault): void;
}

/** Left out of a copy: the place was a fault. */
const OMIT = Symbol('omit');

interface Walk extends WalkPlace {
  readonly base: string;
  readonly at: (string | number)[];
  readonly onPath: Set<object>;
  readonly visitor: UntrustedVisitor;
  readonly copy: boolean;
  count: number;
  stopped: boolean;
}

const nativeWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** ES2024's native check where the engine has it, else one regular expression. */
export const isWellFormed: (s: string) => boolean =
  typeof nativeWellFormed === 'function' ? (s) => nativeWellFormed.call(s) : (s) => !LONE.test(s);

/**
 * Walks `value` (its place is `basePath`), calling the visitor; never throws, never follows a
 * cycle, never runs a getter, stops after {@link UNTRUSTED_LIMITS}.
 */
export function walkUntrusted(value: unknown, basePath: string, visitor: UntrustedVisitor): void {
  visit(start(basePath, visitor, false), value, 1);
}

/**
 * A plain copy of `value` (fresh objects and arrays, nothing shared) and every fault found on the
 * way. A faulty member is left out of its object, a faulty element is `null` in its array (the
 * indices stay those of the value), so every pointer into the copy names the same place in the value.
 */
export function readUntrusted(value: unknown, basePath = ''): { value: unknown; faults: UntrustedFault[] } {
  const faults: UntrustedFault[] = [];
  const copy = visit(start(basePath, { fault: (f) => faults.push(f) }, true), value, 1);
  return { value: copy === OMIT ? undefined : copy, faults };
}

function start(base: string, visitor: UntrustedVisitor, copy: boolean): Walk {
  const w: Walk = {
    base,
    at: [],
    onPath: new Set(),
    visitor,
    copy,
    count: 0,
    stopped: false,
    pointer: () => w.base + pointerFrom(w.at),
  };
  return w;
}

function fault(w: Walk, code: UntrustedFaultCode): typeof OMIT {
  w.visitor.fault?.({ code, path: w.pointer() });
  return OMIT;
}

/** Counts one value read; past the bound, the walk stops with a fault where it is. */
function spend(w: Walk): boolean {
  if (++w.count <= UNTRUSTED_LIMITS.maxValues) return true;
  fault(w, 'TOO_LARGE');
  w.stopped = true;
  return false;
}

function visit(w: Walk, v: unknown, depth: number): unknown {
  if (w.stopped || !spend(w)) return OMIT;
  switch (typeof v) {
    case 'string':
      if (!isWellFormed(v)) return fault(w, 'LONE_SURROGATE');
      w.visitor.value?.(v, w, depth);
      return v;
    case 'number':
      if (!Number.isFinite(v)) return fault(w, 'NON_FINITE_NUMBER');
      w.visitor.value?.(v, w, depth);
      // RFC 8785 writes -0 as 0: the copy holds what the encoder would write.
      return Object.is(v, -0) ? 0 : v;
    case 'boolean':
      w.visitor.value?.(v, w, depth);
      return v;
    case 'undefined':
      return fault(w, 'UNDEFINED');
    case 'function':
      return fault(w, 'FUNCTION');
    case 'symbol':
      return fault(w, 'SYMBOL');
    case 'bigint':
      return fault(w, 'BIGINT');
  }
  if (v === null) {
    w.visitor.value?.(v, w, depth);
    return v;
  }
  const obj = v as object;
  if (w.onPath.has(obj)) return fault(w, 'CYCLE');
  if (depth > UNTRUSTED_LIMITS.maxDepth) return fault(w, 'TOO_DEEP');
  const len = w.at.length;
  w.onPath.add(obj);
  try {
    const isArray = Array.isArray(obj);
    const proto: unknown = Object.getPrototypeOf(obj);
    // A class instance (an ORM entity), a Date, a Map: their JSON text would come from toJSON or be lossy.
    if (isArray ? proto !== Array.prototype : proto !== Object.prototype && proto !== null)
      return fault(w, 'NON_PLAIN_OBJECT');
    w.visitor.value?.(obj, w, depth);
    return isArray ? readArray(w, obj as unknown[], depth) : readObject(w, obj, depth);
  } catch {
    // A Proxy's trap threw, or it was revoked: the place is unreadable, and the walk goes on beside it.
    w.at.length = len;
    return fault(w, 'UNREADABLE');
  } finally {
    w.onPath.delete(obj);
  }
}

function readArray(w: Walk, arr: unknown[], depth: number): unknown {
  const length: unknown = Object.getOwnPropertyDescriptor(arr, 'length')?.value;
  const n = typeof length === 'number' ? length : 0;
  const out: unknown[] | null = w.copy ? [] : null;
  for (let i = 0; i < n && !w.stopped; i++) {
    w.at.push(i);
    const d = Object.getOwnPropertyDescriptor(arr, i);
    let c: unknown;
    if (d === undefined) {
      // A hole is counted too: a sparse array's length alone could otherwise keep the walk going.
      c = spend(w) ? fault(w, 'SPARSE_ARRAY') : OMIT;
    } else if (!('value' in d)) c = fault(w, 'ACCESSOR_PROPERTY');
    else c = visit(w, d.value, depth + 1);
    w.at.pop();
    out?.push(c === OMIT ? null : c);
  }
  return out ?? arr;
}

function readObject(w: Walk, obj: object, depth: number): unknown {
  const out: Record<string, unknown> | null = w.copy ? {} : null;
  for (const key of Reflect.ownKeys(obj)) {
    if (w.stopped) break;
    // A symbol has no place in a pointer: the fault is the object's.
    if (typeof key === 'symbol') {
      fault(w, 'SYMBOL_KEY');
      continue;
    }
    const d = Object.getOwnPropertyDescriptor(obj, key);
    if (d === undefined || d.enumerable !== true) continue;
    if (!isWellFormed(key)) {
      fault(w, 'LONE_SURROGATE');
      continue;
    }
    w.at.push(key);
    w.visitor.name?.(key, w);
    const c = 'value' in d ? visit(w, d.value, depth + 1) : fault(w, 'ACCESSOR_PROPERTY');
    w.at.pop();
    // defineProperty, not assignment: a member named __proto__ stays a member (the strict parser's rule).
    if (out !== null && c !== OMIT)
      Object.defineProperty(out, key, { value: c, enumerable: true, writable: true, configurable: true });
  }
  return out ?? obj;
}
