/**
 * The strict JSON text parser for text from users (docs/strict-json.md): the editor, an
 * imported file, a share link, a CLI file.
 *
 * Why not JSON.parse or jsonc-parser: neither reports a duplicate member name
 * (two readers could see two different values), both accept lone surrogates
 * and integers that silently lose precision, and neither gives a located
 * error for every refusal. This parser is iterative (an explicit stack), so
 * hostile nesting is refused at depth 65 without touching the call stack, and
 * over-size text is refused before any parsing.
 */
import type { JsonValue } from './jsonValue.ts';
import { escapePointerSegment } from './jsonPointer.ts';
import { offsetToLineColumn } from './textPosition.ts';
import { utf8Length } from './text.ts';
import { firstOffset, remember, segmentOf, type Frame } from './_jsonFrame.ts';
import { isWholeLiteral, keepsValue } from './numberLiteral.ts';
import { JsonLocations, locationNode, type JsonLocation, type LocationNode } from './jsonLocations.ts';
import {
  parseErrorMessage,
  type JsonExpected,
  type JsonParseDetail,
  type JsonParseError,
  type JsonParseErrorCode,
  type JsonParseParams,
  type JsonParseReason,
} from './jsonParseError.ts';

export type { JsonValue, JsonParseError, JsonParseErrorCode, JsonLocation, JsonLocations };

export type StrictJsonResult =
  { ok: true; value: JsonValue; locations?: JsonLocations } | { ok: false; error: JsonParseError };

export interface StrictJsonOptions {
  maxBytes?: number;
  maxDepth?: number;
  /** Also return where every value sits, keyed by JSON Pointer ('' is the root). */
  locations?: boolean;
}

/** 1 MiB of UTF-8, 64 levels of nesting (docs/strict-json.md#rules). */
export const STRICT_JSON_LIMITS = Object.freeze({ maxBytes: 1_048_576, maxDepth: 64 } as const);

class Refusal {
  constructor(
    readonly code: JsonParseErrorCode,
    readonly detail: JsonParseDetail,
    readonly offset: number,
  ) {}
}

/** A refusal with its reason and that reason's specifics (jsonParseError.ts words them). */
const refusal = <R extends JsonParseReason>(
  code: JsonParseErrorCode,
  reason: R,
  params: JsonParseParams[R],
  offset: number,
): Refusal => new Refusal(code, { reason, params } as JsonParseDetail, offset);

/** The character at `i` (one code point), or '' at the end of the text. */
const at = (text: string, i: number): string =>
  i >= text.length ? '' : String.fromCodePoint(text.codePointAt(i) as number);

/**
 * Parses RFC 8259 JSON text strictly. Never throws.
 * @example parseStrictJson('{"a":1,"a":2}') // { ok: false, error: { code: 'DUPLICATE_KEY', line: 1, column: 8, … } }
 */
export function parseStrictJson(text: string, options: StrictJsonOptions = {}): StrictJsonResult {
  const maxBytes = options.maxBytes ?? STRICT_JSON_LIMITS.maxBytes;
  const maxDepth = options.maxDepth ?? STRICT_JSON_LIMITS.maxDepth;
  // Every UTF-16 unit is at least one UTF-8 byte, so this refuses a huge paste in O(1).
  // A UTF-16 unit is at most 3 bytes of UTF-8, so short texts need no count at all.
  if (text.length > maxBytes || (text.length * 3 > maxBytes && utf8Length(text, maxBytes) > maxBytes)) {
    return fail(text, refusal('TOO_LARGE', 'too_large', { max_bytes: maxBytes }, 0));
  }
  const parser = new Parser(text, maxDepth, options.locations === true);
  try {
    const value = parser.run();
    return parser.locations === null ? { ok: true, value } : { ok: true, value, locations: parser.locations };
  } catch (e) {
    if (e instanceof Refusal) return fail(text, e, parser.pointerAtFailure());
    // Defence in depth: an internal bug is still a located refusal, never a crash.
    return fail(text, refusal('SYNTAX', 'internal', { detail: e instanceof Error ? e.message : String(e) }, parser.i));
  }
}

function fail(text: string, r: Refusal, pointer?: string): { ok: false; error: JsonParseError } {
  const { line, column } = offsetToLineColumn(text, r.offset);
  const error: JsonParseError = {
    code: r.code,
    ...r.detail,
    message: parseErrorMessage(r.detail),
    offset: r.offset,
    line,
    column,
  };
  if (pointer !== undefined) error.pointer = pointer;
  return { ok: false, error };
}

class Parser {
  i = 0;
  readonly stack: Frame[] = [];
  readonly locations: JsonLocations | null;
  /** The location node of the container that has just closed; null after a scalar. */
  private closed: LocationNode | null = null;
  /** Characters a string may hold as they are: not a quote, a backslash, a control character or a surrogate. Sticky, so one per parse. */
  // eslint-disable-next-line no-control-regex -- JSON strings may not hold raw control characters: this run stops at them
  private readonly plainRun = /[^"\\\u0000-\u001f\ud800-\udfff]*/y;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
    withLocations: boolean,
  ) {
    this.locations = withLocations ? new JsonLocations() : null;
  }

  /**
   * The pointer of the value being read when the parse failed. Each open container sits, in its parent,
   * under the parent's current key (objects) or at the parent's current length (arrays: a child is
   * attached only once complete), so the stack alone spells it.
   */
  pointerAtFailure(): string | undefined {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) return undefined;
    let pointer = '';
    for (let k = 0; k < this.stack.length - 1; k++) pointer += segmentOf(this.stack[k] as Frame);
    if (top.kind === 'array') return `${pointer}/${(top.value as JsonValue[]).length}`;
    return top.key === '' && top.keyStart < 0 ? pointer : `${pointer}/${escapePointerSegment(top.key)}`;
  }

  private skipWhitespace(): void {
    const t = this.text;
    let i = this.i;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
    this.i = i;
  }

  run(): JsonValue {
    const t = this.text;
    let value: JsonValue;
    let valueStart: number;
    parseValue: for (;;) {
      this.skipWhitespace();
      valueStart = this.i;
      const c = t.charCodeAt(this.i);
      if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
        if (this.stack.length >= this.maxDepth) {
          throw refusal('TOO_DEEP', 'too_deep', { max_depth: this.maxDepth }, this.i);
        }
        const isObject = c === 0x7b;
        const frame: Frame = {
          kind: isObject ? 'object' : 'array',
          value: isObject ? {} : [],
          start: this.i,
          keyNames: isObject ? [] : null,
          keyOffsets: isObject ? [] : null,
          keys: null,
          key: '',
          keyStart: -1,
          keyEnd: -1,
          node: this.locations !== null ? locationNode(isObject ? 'object' : 'array') : null,
        };
        this.stack.push(frame);
        this.i++;
        this.skipWhitespace();
        const close = isObject ? 0x7d : 0x5d;
        if (t.charCodeAt(this.i) === close) {
          this.i++;
          this.stack.pop();
          value = frame.value;
          valueStart = frame.start;
          this.closed = frame.node;
        } else {
          if (isObject) this.readKey(frame);
          continue parseValue;
        }
      } else if (c === 0x22 /* " */) {
        value = this.readString();
      } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
        value = this.readNumber();
      } else if (t.startsWith('true', this.i)) {
        this.i += 4;
        value = true;
      } else if (t.startsWith('false', this.i)) {
        this.i += 5;
        value = false;
      } else if (t.startsWith('null', this.i)) {
        this.i += 4;
        value = null;
      } else {
        throw expected(t, this.i, 'value');
      }

      // A value is complete: attach it, closing every container that ends here.
      for (;;) {
        const top = this.stack[this.stack.length - 1];
        if (this.locations !== null) this.record(top, valueStart, this.i);
        if (top === undefined) {
          this.skipWhitespace();
          if (this.i < t.length) throw refusal('SYNTAX', 'unexpected_after_value', { found: at(t, this.i) }, this.i);
          return value;
        }
        if (top.kind === 'array') {
          (top.value as JsonValue[]).push(value);
        } else {
          const obj = top.value as Record<string, JsonValue>;
          if (top.key === '__proto__')
            Object.defineProperty(obj, '__proto__', { value, enumerable: true, writable: true, configurable: true });
          else obj[top.key] = value;
        }
        this.skipWhitespace();
        const c2 = t.charCodeAt(this.i);
        const close = top.kind === 'array' ? 0x5d : 0x7d;
        if (c2 === 0x2c /* , */) {
          const comma = this.i;
          this.i++;
          this.skipWhitespace();
          if (t.charCodeAt(this.i) === close) {
            throw refusal('SYNTAX', 'trailing_comma', { close: close === 0x7d ? '}' : ']' }, comma);
          }
          if (top.kind === 'object') this.readKey(top);
          continue parseValue;
        }
        if (c2 === close) {
          this.i++;
          this.stack.pop();
          value = top.value;
          valueStart = top.start;
          this.closed = top.node;
          continue;
        }
        throw expected(t, this.i, top.kind === 'array' ? 'comma_or_bracket' : 'comma_or_brace');
      }
    }
  }

  /** The value that has just ended goes into the locations, under its container (json/jsonLocations.ts). */
  private record(parent: Frame | undefined, start: number, end: number): void {
    const locations = this.locations as JsonLocations;
    const node = this.closed ?? locationNode('scalar');
    this.closed = null;
    if (parent === undefined) {
      locations.end(node, null, '', { valueStart: start, valueEnd: end });
    } else if (parent.kind === 'array') {
      locations.end(node, parent.node, (parent.value as JsonValue[]).length, { valueStart: start, valueEnd: end });
    } else {
      locations.end(node, parent.node, parent.key, {
        valueStart: start,
        valueEnd: end,
        keyStart: parent.keyStart,
        keyEnd: parent.keyEnd,
      });
    }
  }

  /** `"name" :` of the next member, with the duplicate check (compared after escape decoding). */
  private readKey(frame: Frame): void {
    const t = this.text;
    this.skipWhitespace();
    if (t.charCodeAt(this.i) !== 0x22) {
      throw expected(t, this.i, 'member_name');
    }
    const keyStart = this.i;
    const key = this.readString();
    const first = firstOffset(frame, key);
    if (first !== undefined) {
      const first_at = offsetToLineColumn(t, first);
      frame.key = '';
      frame.keyStart = -1;
      throw refusal(
        'DUPLICATE_KEY',
        'duplicate_member',
        { key, first_line: first_at.line, first_column: first_at.column },
        keyStart,
      );
    }
    remember(frame, key, keyStart);
    frame.key = key;
    frame.keyStart = keyStart;
    frame.keyEnd = this.i;
    this.skipWhitespace();
    if (t.charCodeAt(this.i) !== 0x3a /* : */) {
      throw refusal('SYNTAX', 'expected_colon', { found: at(t, this.i) }, this.i);
    }
    this.i++;
  }

  private readString(): string {
    const t = this.text;
    const open = this.i;
    let i = open + 1;
    let out = '';
    let chunk = i;
    for (;;) {
      // Skip the run of ordinary characters natively; the loop below only meets the ones that need a decision.
      this.plainRun.lastIndex = i;
      this.plainRun.test(t);
      i = this.plainRun.lastIndex;
      if (i >= t.length) throw refusal('SYNTAX', 'unterminated_string', {}, open);
      const c = t.charCodeAt(i);
      if (c === 0x22) {
        out += t.slice(chunk, i);
        this.i = i + 1;
        return out;
      }
      if (c === 0x5c /* \ */) {
        out += t.slice(chunk, i);
        const e = t.charCodeAt(i + 1);
        switch (e) {
          case 0x22:
            out += '"';
            break;
          case 0x5c:
            out += '\\';
            break;
          case 0x2f:
            out += '/';
            break;
          case 0x62:
            out += '\b';
            break;
          case 0x66:
            out += '\f';
            break;
          case 0x6e:
            out += '\n';
            break;
          case 0x72:
            out += '\r';
            break;
          case 0x74:
            out += '\t';
            break;
          case 0x75: {
            const unit = this.readHex4(i);
            if (unit >= 0xd800 && unit <= 0xdbff) {
              // A high surrogate must be followed by an escaped low surrogate.
              const low = t.charCodeAt(i + 6) === 0x5c && t.charCodeAt(i + 7) === 0x75 ? this.readHex4(i + 6) : -1;
              if (low < 0xdc00 || low > 0xdfff)
                throw refusal('LONE_SURROGATE', 'lone_surrogate', { code_point: hex(unit), form: 'escaped_high' }, i);
              out += String.fromCharCode(unit, low);
              i += 6;
            } else if (unit >= 0xdc00 && unit <= 0xdfff) {
              throw refusal('LONE_SURROGATE', 'lone_surrogate', { code_point: hex(unit), form: 'escaped_low' }, i);
            } else {
              out += String.fromCharCode(unit);
            }
            i += 4;
            break;
          }
          default:
            throw refusal('INVALID_ESCAPE', 'invalid_escape', { escape: at(t, i + 1) }, i);
        }
        i += 2;
        chunk = i;
        continue;
      }
      if (c < 0x20) {
        throw refusal('CONTROL_CHARACTER', 'control_character', { code_point: hex(c) }, i);
      }
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = t.charCodeAt(i + 1);
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          i += 2;
          continue;
        }
        throw refusal('LONE_SURROGATE', 'lone_surrogate', { code_point: hex(c), form: 'raw' }, i);
      }
      i++;
    }
  }

  private readHex4(backslash: number): number {
    const digits = this.text.slice(backslash + 2, backslash + 6);
    if (!/^[0-9a-fA-F]{4}$/.test(digits)) {
      throw refusal('INVALID_ESCAPE', 'invalid_unicode_escape', { digits }, backslash);
    }
    return parseInt(digits, 16);
  }

  private readNumber(): number {
    const t = this.text;
    const start = this.i;
    let i = start;
    if (t.charCodeAt(i) === 0x2d) i++;
    const firstDigit = t.charCodeAt(i);
    if (firstDigit === 0x30) {
      i++;
      const after = t.charCodeAt(i);
      if (after >= 0x30 && after <= 0x39) throw refusal('SYNTAX', 'leading_zero', {}, start);
    } else if (firstDigit >= 0x31 && firstDigit <= 0x39) {
      while (isDigit(t.charCodeAt(i))) i++;
    } else {
      throw refusal('SYNTAX', 'expected_digit', { found: at(t, i), part: 'integer' }, i);
    }
    let integer = true;
    if (t.charCodeAt(i) === 0x2e /* . */) {
      integer = false;
      i++;
      if (!isDigit(t.charCodeAt(i)))
        throw refusal('SYNTAX', 'expected_digit', { found: at(t, i), part: 'fraction' }, i);
      while (isDigit(t.charCodeAt(i))) i++;
    }
    const mantissaEnd = i;
    const e = t.charCodeAt(i);
    if (e === 0x65 || e === 0x45) {
      integer = false;
      i++;
      const sign = t.charCodeAt(i);
      if (sign === 0x2b || sign === 0x2d) i++;
      if (!isDigit(t.charCodeAt(i)))
        throw refusal('SYNTAX', 'expected_digit', { found: at(t, i), part: 'exponent' }, i);
      while (isDigit(t.charCodeAt(i))) i++;
    }
    const literal = t.slice(start, i);
    const n = Number(literal);
    if (integer) {
      if (!Number.isSafeInteger(n)) {
        throw refusal('INTEGER_RANGE', 'integer_range', { literal }, start);
      }
    } else if (!Number.isFinite(n)) {
      throw refusal('NUMBER_RANGE', 'number_overflow', { literal }, start);
    } else if (n === 0 && /[1-9]/.test(t.slice(start, mantissaEnd))) {
      throw refusal('NUMBER_RANGE', 'number_underflow', { literal }, start);
    } else if (!keepsValue(literal, n)) {
      // The integer rule's reason, in every spelling: a literal whose digits a double cannot hold is refused, not rounded.
      throw refusal(
        isWholeLiteral(literal) ? 'INTEGER_RANGE' : 'NUMBER_RANGE',
        'number_precision',
        { literal, read_as: String(n) },
        start,
      );
    }
    this.i = i;
    return n;
  }
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const hex = (n: number): string => n.toString(16).toUpperCase().padStart(4, '0');

/**
 * Something else where `expected` was: the mistake people make most when the text shows one (a comment, single
 * quotes, NaN, a byte order mark, a bare word), else what was found.
 */
function expected(t: string, i: number, expected: JsonExpected): Refusal {
  const found = at(t, i);
  const c = t.charCodeAt(i);
  const mistake = { expected, found };
  const word = /^(NaN|Infinity|-Infinity|undefined)/.exec(t.slice(i, i + 9));
  if (c === 0x2f && (t.charCodeAt(i + 1) === 0x2f || t.charCodeAt(i + 1) === 0x2a))
    return refusal('SYNTAX', 'comment', mistake, i);
  if (c === 0x27) return refusal('SYNTAX', 'single_quote', mistake, i);
  if (word !== null) return refusal('SYNTAX', 'not_a_value', { ...mistake, word: word[1] as string }, i);
  if (c === 0xfeff) return refusal('SYNTAX', 'byte_order_mark', mistake, i);
  if (/[A-Za-z_$]/.test(t[i] ?? '')) return refusal('SYNTAX', 'unquoted_word', mistake, i);
  if (expected === 'value') return refusal('SYNTAX', 'expected_value', { found }, i);
  if (expected === 'member_name') return refusal('SYNTAX', 'expected_member_name', { found }, i);
  return refusal('SYNTAX', 'expected_comma_or_close', { found, close: expected === 'comma_or_brace' ? '}' : ']' }, i);
}
