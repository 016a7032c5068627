/**
 * RFC 8785 JSON Canonicalization Scheme (JCS).
 *
 * Why hand-written: the two popular npm encoders pass the six RFC vectors but
 * fail on hostile input (SPEC 2): one emits invalid JSON for function members
 * and sparse arrays and serializes a `Date` through `toJSON`; the other accepts
 * lone surrogates and leaves an object unsorted when it has a member named
 * `toJSON`. A digest whose preimage depends on such quirks is a digest an
 * attacker can steer, so this encoder refuses anything that is not plain JSON
 * data, with a typed error and the JSON Pointer of the offending place.
 */
import { escapePointerSegment } from './jsonPointer.ts';

/**
 * Canonical text of deep-frozen objects, by identity. Only objects that were
 * entirely frozen when encoded are entered, and freezing cannot be undone, so
 * a hit can never be stale; unfrozen values are always encoded afresh.
 */
const frozenText = new WeakMap<object, string>();

export type CanonicalizationErrorCode =
  | 'UNDEFINED'
  | 'FUNCTION'
  | 'SYMBOL'
  | 'BIGINT'
  | 'NON_FINITE_NUMBER'
  | 'LONE_SURROGATE'
  | 'SPARSE_ARRAY'
  | 'NON_PLAIN_OBJECT'
  | 'ACCESSOR_PROPERTY'
  | 'SYMBOL_KEY'
  | 'CYCLE'
  | 'TOO_DEEP';

/** Thrown by {@link canonicalize}; `path` is the RFC 6901 pointer of the refused value. */
export class CanonicalizationError extends Error {
  override readonly name = 'CanonicalizationError';
  constructor(
    readonly code: CanonicalizationErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(`${message} at "${path}"`);
  }
}

/**
 * True when `value` is a deep-frozen object whose canonical text is known: it
 * can never change again, so other pure results about it may be memoized by
 * identity (a WeakMap lookup, where a 16 KiB string key would cost a full hash).
 */
export function isSealedCanonical(value: unknown): value is object {
  return value !== null && typeof value === 'object' && frozenText.has(value);
}

/** A lone surrogate has no UTF-8 encoding, so two hashers would disagree on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Far deeper than any value this project accepts (the strict parser stops at
 * 64): the bound only turns a stack overflow into a typed error.
 */
const MAX_DEPTH = 1000;

/**
 * Canonical JSON text of `value` per RFC 8785.
 * @example canonicalize({ b: 1, a: [true, null] }) // '{"a":[true,null],"b":1}'
 * @throws {CanonicalizationError} on anything that is not plain JSON data
 */
export function canonicalize(value: unknown): string {
  const frozen = value !== null && typeof value === 'object' && Object.isFrozen(value);
  if (frozen) {
    const hit = frozenText.get(value);
    if (hit !== undefined) return hit;
  }
  const out: string[] = [];
  const state = { allFrozen: frozen };
  write(value, '', out, [], 0, state);
  const text = out.join('');
  if (frozen && state.allFrozen) frozenText.set(value as object, text);
  return text;
}

function write(value: unknown, path: string, out: string[], ancestors: object[], depth: number, state: { allFrozen: boolean }): void {
  switch (typeof value) {
    case 'string':
      out.push(serializeString(value, path));
      return;
    case 'number':
      out.push(serializeNumber(value, path));
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'undefined':
      throw new CanonicalizationError('UNDEFINED', path, 'undefined is not JSON');
    case 'function':
      throw new CanonicalizationError('FUNCTION', path, 'a function is not JSON');
    case 'symbol':
      throw new CanonicalizationError('SYMBOL', path, 'a symbol is not JSON');
    case 'bigint':
      throw new CanonicalizationError('BIGINT', path, 'a bigint is not JSON (RFC 8785 numbers are IEEE 754 doubles)');
  }
  if (value === null) {
    out.push('null');
    return;
  }
  const obj = value as object;
  if (state.allFrozen && !Object.isFrozen(obj)) state.allFrozen = false;
  if (depth >= MAX_DEPTH) throw new CanonicalizationError('TOO_DEEP', path, `nesting deeper than ${MAX_DEPTH}`);
  if (ancestors.includes(obj)) throw new CanonicalizationError('CYCLE', path, 'a cycle has no JSON text');
  ancestors.push(obj);
  if (Array.isArray(obj)) writeArray(obj, path, out, ancestors, depth, state);
  else writeObject(obj, path, out, ancestors, depth, state);
  ancestors.pop();
}

function writeArray(arr: unknown[], path: string, out: string[], ancestors: object[], depth: number, state: { allFrozen: boolean }): void {
  if (Object.getPrototypeOf(arr) !== Array.prototype) {
    throw new CanonicalizationError('NON_PLAIN_OBJECT', path, 'an Array subclass is not plain JSON data');
  }
  out.push('[');
  for (let i = 0; i < arr.length; i++) {
    // A hole is not `null`: JSON.stringify would invent one, so refuse instead.
    if (!Object.prototype.hasOwnProperty.call(arr, i)) {
      throw new CanonicalizationError('SPARSE_ARRAY', `${path}/${i}`, 'a sparse array has no JSON text');
    }
    if (i > 0) out.push(',');
    write(arr[i], `${path}/${i}`, out, ancestors, depth + 1, state);
  }
  out.push(']');
}

function writeObject(obj: object, path: string, out: string[], ancestors: object[], depth: number, state: { allFrozen: boolean }): void {
  const proto: unknown = Object.getPrototypeOf(obj);
  if (proto !== Object.prototype && proto !== null) {
    // Date, Map, boxed primitives, class instances: their JSON text would come
    // from toJSON or be lossy, so the digest would not bind what is stored.
    const kind = (obj as { constructor?: { name?: string } }).constructor?.name ?? 'object';
    throw new CanonicalizationError('NON_PLAIN_OBJECT', path, `${kind} is not a plain object`);
  }
  if (Object.getOwnPropertySymbols(obj).length > 0) {
    throw new CanonicalizationError('SYMBOL_KEY', path, 'a symbol-keyed member has no JSON text');
  }
  // UTF-16 code unit order is exactly what Array.prototype.sort does on strings (RFC 8785 3.2.3).
  const keys = Object.keys(obj).sort();
  const descriptors = Object.getOwnPropertyDescriptors(obj) as Record<string, PropertyDescriptor>;
  out.push('{');
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const memberPath = `${path}/${escapePointerSegment(key)}`;
    const descriptor = descriptors[key];
    // A getter may answer differently on each read: hashing one answer and storing another is a split view.
    if (descriptor === undefined || !('value' in descriptor)) {
      throw new CanonicalizationError('ACCESSOR_PROPERTY', memberPath, 'an accessor property is not plain data');
    }
    if (i > 0) out.push(',');
    out.push(serializeString(key, memberPath), ':');
    write(descriptor.value, memberPath, out, ancestors, depth + 1, state);
  }
  out.push('}');
}

/** RFC 8785 3.2.2.2: the ECMAScript JSON.stringify escaping, once lone surrogates are refused. */
function serializeString(s: string, path: string): string {
  // The cheap class test first: most strings have no surrogate at all.
  if (ANY_SURROGATE.test(s) && LONE_SURROGATE.test(s)) {
    throw new CanonicalizationError('LONE_SURROGATE', path, 'a lone surrogate has no UTF-8 encoding');
  }
  return JSON.stringify(s);
}

/** RFC 8785 3.2.2.3: ECMAScript Number-to-String, with -0 written as 0. */
function serializeNumber(n: number, path: string): string {
  if (!Number.isFinite(n)) {
    throw new CanonicalizationError('NON_FINITE_NUMBER', path, `${n} is not a JSON number`);
  }
  return Object.is(n, -0) ? '0' : String(n);
}
