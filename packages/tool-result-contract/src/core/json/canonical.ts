/**
 * RFC 8785 JSON Canonicalization Scheme (JCS).
 *
 * Why hand-written: the two popular npm encoders pass the six RFC vectors but
 * fail on hostile input (docs/digests.md#canonical-encoding): one emits invalid JSON for function members
 * and sparse arrays and serializes a `Date` through `toJSON`; the other accepts
 * lone surrogates and leaves an object unsorted when it has a member named
 * `toJSON`. A digest whose preimage depends on such quirks is a digest an
 * attacker can steer, so this encoder refuses anything that is not plain JSON
 * data, with a typed error and the JSON Pointer of the offending place.
 */
import { ToolResultContractError } from './contractError.ts';
import { pointerFrom } from './jsonPointer.ts';

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

/**
 * Thrown by {@link canonicalize}; `path` is the RFC 6901 pointer of the refused value.
 *
 * @example
 * ```ts
 * try {
 *   canonicalize({ amount: Number.NaN });
 * } catch (e) {
 *   if (e instanceof CanonicalizationError) console.error(e.path); // '/amount'
 * }
 * ```
 */
export class CanonicalizationError extends ToolResultContractError {
  override readonly name = 'CanonicalizationError';
  constructor(
    readonly code: CanonicalizationErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(`${message} at "${path}"`);
  }
}

/** A lone surrogate has no UTF-8 encoding, so two hashers would disagree on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;
const nativeWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;
/** ES2024's String.prototype.isWellFormed where the engine has it (one native scan), else the two regexes. */
const isWellFormed: (s: string) => boolean =
  typeof nativeWellFormed === 'function'
    ? (s) => nativeWellFormed.call(s)
    : (s) => !(ANY_SURROGATE.test(s) && LONE_SURROGATE.test(s));

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
  if (typeof value === 'string') return serializeString(value, []);
  const w: Writer = { out: '', ancestors: [], at: [], freeze: false };
  write(w, value);
  return w.out;
}

/**
 * Encodes a value and deep-freezes it in the same walk (one walk instead of
 * two). For a live session only: it freezes what it made itself, so what it
 * keeps by that object's identity can never go stale. On a refusal the part
 * already written stays frozen.
 */
export function canonicalizeAndFreeze(value: object): string {
  const w: Writer = { out: '', ancestors: [], at: [], freeze: true };
  write(w, value);
  return w.out;
}

/**
 * One encoding in progress. `at` is the path as segments, turned into a JSON
 * Pointer only when something is refused: building a pointer string for every
 * member was a third of the cost of encoding a small result.
 */
interface Writer {
  out: string;
  ancestors: object[];
  at: (string | number)[];
  /** Freeze each container once written (canonicalizeAndFreeze). */
  freeze: boolean;
}

function write(w: Writer, value: unknown): void {
  switch (typeof value) {
    case 'string':
      w.out += serializeString(value, w.at);
      return;
    case 'number':
      w.out += serializeNumber(value, w.at);
      return;
    case 'boolean':
      w.out += value ? 'true' : 'false';
      return;
    case 'undefined':
      throw refuse('UNDEFINED', w.at, 'undefined is not JSON');
    case 'function':
      throw refuse('FUNCTION', w.at, 'a function is not JSON');
    case 'symbol':
      throw refuse('SYMBOL', w.at, 'a symbol is not JSON');
    case 'bigint':
      throw refuse('BIGINT', w.at, 'a bigint is not JSON (RFC 8785 numbers are IEEE 754 doubles)');
  }
  if (value === null) {
    w.out += 'null';
    return;
  }
  const obj = value as object;
  if (w.ancestors.length >= MAX_DEPTH) throw refuse('TOO_DEEP', w.at, `nesting deeper than ${MAX_DEPTH}`);
  if (w.ancestors.includes(obj)) throw refuse('CYCLE', w.at, 'a cycle has no JSON text');
  w.ancestors.push(obj);
  if (Array.isArray(obj)) writeArray(w, obj);
  else writeObject(w, obj);
  if (w.freeze) Object.freeze(obj);
  w.ancestors.pop();
}

function writeArray(w: Writer, arr: unknown[]): void {
  if (Object.getPrototypeOf(arr) !== Array.prototype) {
    throw refuse('NON_PLAIN_OBJECT', w.at, 'an Array subclass is not plain JSON data');
  }
  w.out += '[';
  const at = w.at;
  for (let i = 0; i < arr.length; i++) {
    at.push(i);
    // A hole is not `null`: JSON.stringify would invent one, so refuse instead.
    if (!Object.prototype.hasOwnProperty.call(arr, i))
      throw refuse('SPARSE_ARRAY', at, 'a sparse array has no JSON text');
    if (i > 0) w.out += ',';
    write(w, arr[i]);
    at.pop();
  }
  w.out += ']';
}

function writeObject(w: Writer, obj: object): void {
  const proto: unknown = Object.getPrototypeOf(obj);
  if (proto !== Object.prototype && proto !== null) {
    // Date, Map, boxed primitives, class instances: their JSON text would come
    // from toJSON or be lossy, so the digest would not bind what is stored.
    const kind = (obj as { constructor?: { name?: string } }).constructor?.name ?? 'object';
    throw refuse('NON_PLAIN_OBJECT', w.at, `${kind} is not a plain object`);
  }
  if (Object.getOwnPropertySymbols(obj).length > 0) {
    throw refuse('SYMBOL_KEY', w.at, 'a symbol-keyed member has no JSON text');
  }
  // UTF-16 code unit order is exactly what Array.prototype.sort does on strings (RFC 8785 3.2.3).
  const keys = Object.keys(obj).sort();
  const at = w.at;
  w.out += '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    at.push(key);
    // One descriptor per member (V8 keeps it off the heap), not getOwnPropertyDescriptors' table of all of them.
    const descriptor = Object.getOwnPropertyDescriptor(obj, key);
    // A getter may answer differently on each read: hashing one answer and storing another is a split view.
    if (descriptor === undefined || !('value' in descriptor)) {
      throw refuse('ACCESSOR_PROPERTY', at, 'an accessor property is not plain data');
    }
    if (i > 0) w.out += ',';
    w.out += serializeString(key, at);
    w.out += ':';
    write(w, descriptor.value);
    at.pop();
  }
  w.out += '}';
}

function refuse(
  code: CanonicalizationErrorCode,
  at: readonly (string | number)[],
  message: string,
): CanonicalizationError {
  return new CanonicalizationError(code, pointerFrom(at), message);
}

/** RFC 8785 3.2.2.2: the ECMAScript JSON.stringify escaping, once lone surrogates are refused. */
function serializeString(s: string, at: readonly (string | number)[]): string {
  if (!isWellFormed(s)) {
    throw refuse('LONE_SURROGATE', at, 'a lone surrogate has no UTF-8 encoding');
  }
  return JSON.stringify(s);
}

/** RFC 8785 3.2.2.3: ECMAScript Number-to-String, with -0 written as 0. */
function serializeNumber(n: number, at: readonly (string | number)[]): string {
  if (!Number.isFinite(n)) {
    throw refuse('NON_FINITE_NUMBER', at, `${n} is not a JSON number`);
  }
  return Object.is(n, -0) ? '0' : String(n);
}
