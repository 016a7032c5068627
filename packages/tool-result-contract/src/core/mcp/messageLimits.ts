/**
 * The limits an MCP message is held to before anything reads it (docs/mcp.md#from-a-calltoolresult-to-a-package): 1 MiB of
 * UTF-8 and 64 levels of nesting, the strict parser's own (docs/strict-json.md#rules), so a
 * hostile server cannot make the guard do unbounded work. A message arrives as JSON text (off the
 * wire) or as a value (an SDK's parsed result): text is measured, then parsed strictly; a value is
 * walked without recursion, and the walk stops as soon as it passes either limit, so a cycle, a
 * 5 MB string or a 10 000-deep nesting costs at most a megabyte's worth of steps.
 */
import { escapePointerSegment } from '../json/jsonPointer.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import { parseStrictJson, STRICT_JSON_LIMITS } from '../json/strictJson.ts';
import { utf8Length } from '../json/text.ts';
import { decodeUtf8Strict } from '../json/utf8Strict.ts';
import type { ViolationCode } from '../tables/violation.ts';
import type { ViolationParams } from '../messages/index.ts';

/**
 * 1 MiB of UTF-8, 64 levels: the JSON-RPC message, before any parse.
 *
 * @example
 * ```ts
 * const tooLarge = (text: string) => new TextEncoder().encode(text).length > MCP_MESSAGE_LIMITS.maxBytes;
 * ```
 */
export const MCP_MESSAGE_LIMITS = STRICT_JSON_LIMITS;

export type McpMessageRead =
  { ok: true; value: JsonValue } | { ok: false; code: ViolationCode; path: string; params: ViolationParams };

const tooLarge = (): McpMessageRead => ({
  ok: false,
  code: 'SIZE_LIMIT',
  path: '',
  params: { kind: 'mcp_message_too_large', limit: MCP_MESSAGE_LIMITS.maxBytes },
});
const tooDeep = (path: string): McpMessageRead => ({
  ok: false,
  code: 'DEPTH_LIMIT',
  path,
  params: { kind: 'too_deep', limit: MCP_MESSAGE_LIMITS.maxDepth },
});
const notJson = (path: string): McpMessageRead => ({
  ok: false,
  code: 'MCP_RESULT_SCHEMA',
  path,
  params: { kind: 'mcp_not_json', reason: 'NOT_JSON_VALUE' },
});

/**
 * A message as text, as bytes (what the guard read off the wire when they were not UTF-8), or as a
 * value, held to the limits and read as JSON. Bytes are decoded by the file rule (docs/strict-json.md):
 * invalid UTF-8 is refused, never replaced by U+FFFD. Never throws.
 */
export function readMcpMessage(message: unknown): McpMessageRead {
  if (typeof message === 'string') return readText(message);
  if (message instanceof Uint8Array) {
    if (message.length > MCP_MESSAGE_LIMITS.maxBytes) return tooLarge();
    const decoded = decodeUtf8Strict(message);
    if (decoded.ok) return readText(decoded.text);
    return { ok: false, code: 'MCP_RESULT_SCHEMA', path: '', params: { kind: 'mcp_not_json', reason: 'NOT_UTF8' } };
  }
  try {
    return walk(message);
  } catch {
    // A getter or a proxy that throws: what it guards is not a JSON value.
    return notJson('');
  }
}

function readText(text: string): McpMessageRead {
  const max = MCP_MESSAGE_LIMITS.maxBytes;
  // Every UTF-16 unit is at least one byte of UTF-8: an over-long text is refused without a scan.
  if (text.length > max || (text.length * 3 > max && utf8Length(text, max) > max)) return tooLarge();
  const r = parseStrictJson(text, { maxBytes: max, maxDepth: MCP_MESSAGE_LIMITS.maxDepth });
  if (r.ok) return { ok: true, value: r.value };
  if (r.error.code === 'TOO_DEEP') return tooDeep(r.error.pointer ?? '');
  return {
    ok: false,
    code: 'MCP_RESULT_SCHEMA',
    path: r.error.pointer ?? '',
    params: { kind: 'mcp_not_json', reason: r.error.code },
  };
}

const isPlain = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * The value's JSON size and depth, counted as its compact JSON text would be, stopping at the
 * first limit passed; anything that is not a JSON value (undefined, a function, a bigint, a Date,
 * an array hole, a non-finite number, a lone surrogate) is refused where it sits.
 */
function walk(value: unknown): McpMessageRead {
  const max = MCP_MESSAGE_LIMITS.maxBytes;
  let bytes = 0;
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop() as { v: unknown; path: string; depth: number };
    if (v === null) bytes += 4;
    else if (typeof v === 'boolean') bytes += v ? 4 : 5;
    else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return notJson(path);
      bytes += String(v).length;
    } else if (typeof v === 'string') {
      bytes += utf8Length(v, max) + 2;
      if (bytes > max) return tooLarge();
      if (/\p{Cs}/u.test(v)) return notJson(path);
    } else if (typeof v === 'object') {
      if (depth + 1 > MCP_MESSAGE_LIMITS.maxDepth) return tooDeep(path);
      if (Array.isArray(v)) {
        bytes += 2 + Math.max(0, v.length - 1);
        if (bytes > max) return tooLarge();
        for (let i = v.length - 1; i >= 0; i--) {
          if (!(i in v)) return notJson(`${path}/${i}`);
          stack.push({ v: v[i] as unknown, path: `${path}/${i}`, depth: depth + 1 });
        }
      } else {
        if (!isPlain(v)) return notJson(path);
        const keys = Object.keys(v);
        bytes += 2 + Math.max(0, keys.length - 1);
        for (let i = keys.length - 1; i >= 0 && bytes <= max; i--) {
          const k = keys[i] as string;
          if (/\p{Cs}/u.test(k)) return notJson(path);
          bytes += utf8Length(k, max) + 3;
          stack.push({
            v: (v as Record<string, unknown>)[k],
            path: `${path}/${escapePointerSegment(k)}`,
            depth: depth + 1,
          });
        }
      }
    } else return notJson(path);
    if (bytes > max) return tooLarge();
  }
  return { ok: true, value: value as JsonValue };
}
