/**
 * The text of a stream file, read into events (docs/turn-contract.md#assembling-a-streamed-turn). Three layouts are
 * accepted and told apart by their first non-blank character or line: a JSON
 * array of events (`[`), SSE text (a first line that is an `event:`, `data:`,
 * `id:` or `retry:` field or a `:` comment), else JSON Lines. The file is a
 * user text (docs/strict-json.md#rules): over 1 MiB of UTF-8 is refused before anything is
 * parsed, and every piece of JSON is parsed strictly. Text that is not JSON is
 * bad input with its line and column; an event that is JSON but not an event
 * object is the assembler's business (STREAM_ORDER), not the reader's.
 */
// Lines and columns by the project's one rule (textPosition.ts), found by binary search: 100 000 events stay linear.
import { lineStarts, positionAt } from '../json/textPosition.ts';
import {
  parseStrictJson,
  STRICT_JSON_LIMITS,
  type JsonParseError,
  type JsonParseErrorCode,
} from '../json/strictJson.ts';
import { utf8Length } from '../json/text.ts';

export type StreamLayout = 'json_array' | 'json_lines' | 'sse';

export interface StreamEvent {
  value: unknown;
  /** 1-based line and UTF-16 column where the event's JSON starts. */
  line: number;
  column: number;
  /** The SSE `event:` name it came with, when there was one. */
  sse_event?: string;
}

export interface StreamTextError {
  code: JsonParseErrorCode | 'NOT_A_STREAM';
  message: string;
  line: number;
  column: number;
  /** When a piece of JSON was refused: the parser's refusal (its line and column within that piece), and where it sat. */
  parse?: { error: JsonParseError; layout: StreamLayout };
}

export type StreamRead =
  { ok: true; layout: StreamLayout; events: StreamEvent[] } | { ok: false; error: StreamTextError };

const SSE_FIELD = /^(?:event|data|id|retry)(?::|$)|^:/;

/**
 * Reads a stream file's text into events. Never throws.
 * @example readTurnStream('data: {"type":"ping"}\n\ndata: [DONE]\n') // { ok: true, layout: 'sse', events: [{ value: { type: 'ping' }, line: 1, column: 7 }] }
 */
export function readTurnStream(text: string): StreamRead {
  if (text.length > STRICT_JSON_LIMITS.maxBytes || utf8Length(text) > STRICT_JSON_LIMITS.maxBytes) {
    return {
      ok: false,
      error: {
        code: 'TOO_LARGE',
        message: `the stream is over ${STRICT_JSON_LIMITS.maxBytes} bytes of UTF-8; nothing was parsed`,
        line: 1,
        column: 1,
      },
    };
  }
  const first = text.search(/\S/);
  if (first === -1)
    return { ok: false, error: { code: 'NOT_A_STREAM', message: 'the stream file is empty', line: 1, column: 1 } };
  if (text[first] === '[') return readArray(text);
  const firstLine = text.slice(first).split(/\r\n|\r|\n/, 1)[0] as string;
  return SSE_FIELD.test(firstLine) ? readSse(text) : readJsonLines(text);
}

function readArray(text: string): StreamRead {
  const r = parseStrictJson(text, { locations: true });
  if (!r.ok)
    return {
      ok: false,
      error: {
        code: r.error.code,
        message: r.error.message,
        line: r.error.line,
        column: r.error.column,
        parse: { error: r.error, layout: 'json_array' },
      },
    };
  const values = r.value as unknown[];
  const starts = lineStarts(text);
  const events = values.map((value, i): StreamEvent => {
    const loc = r.locations?.get(`/${i}`);
    return { value, ...positionAt(starts, loc?.valueStart ?? 0) };
  });
  return { ok: true, layout: 'json_array', events };
}

function readJsonLines(text: string): StreamRead {
  const lines = text.split('\n');
  const events: StreamEvent[] = [];
  for (let n = 0; n < lines.length; n++) {
    const raw = (lines[n] as string).replace(/\r$/, '');
    const lead = raw.search(/\S/);
    if (lead === -1) continue;
    const r = parseStrictJson(raw);
    if (!r.ok)
      return {
        ok: false,
        error: {
          code: r.error.code,
          message: `JSON Lines: ${r.error.message}`,
          line: n + 1,
          column: r.error.column,
          parse: { error: r.error, layout: 'json_lines' },
        },
      };
    events.push({ value: r.value, line: n + 1, column: lead + 1 });
  }
  return { ok: true, layout: 'json_lines', events };
}

/**
 * Server-sent events (WHATWG HTML 9.2.6): a blank line dispatches; `data:`
 * lines join with a newline; one space after the colon is dropped; comments,
 * `id:` and `retry:` are ignored. `data: [DONE]` ends the stream, as in every
 * SDK read here; whatever follows it is not read.
 */
function readSse(text: string): StreamRead {
  const lines = text.split(/\r\n|\r|\n/);
  const events: StreamEvent[] = [];
  let name: string | undefined;
  let data: string[] = [];
  let dataLine = 0;
  let dataColumn = 0;

  const dispatch = (): StreamTextError | 'done' | null => {
    if (data.length === 0) {
      name = undefined;
      return null;
    }
    const body = data.join('\n');
    const sse_event = name;
    const at = { line: dataLine, column: dataColumn };
    name = undefined;
    data = [];
    if (body === '[DONE]') return 'done';
    const r = parseStrictJson(body);
    if (!r.ok) {
      const column = r.error.line === 1 ? at.column + r.error.column - 1 : r.error.column;
      return {
        code: r.error.code,
        message: `SSE data is not JSON: ${r.error.message}`,
        line: at.line + r.error.line - 1,
        column,
        parse: { error: r.error, layout: 'sse' },
      };
    }
    events.push(sse_event === undefined ? { value: r.value, ...at } : { value: r.value, ...at, sse_event });
    return null;
  };

  for (let n = 0; n <= lines.length; n++) {
    const line = lines[n];
    if (line === undefined || line === '') {
      const d = dispatch();
      if (d === 'done') break;
      if (d !== null) return { ok: false, error: d };
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let valueStart = colon === -1 ? line.length : colon + 1;
    if (line[valueStart] === ' ') valueStart++;
    const value = line.slice(valueStart);
    if (field === 'event') name = value;
    else if (field === 'data') {
      if (data.length === 0) {
        dataLine = n + 1;
        dataColumn = valueStart + 1;
      }
      data.push(value);
    }
    // id, retry and unknown fields carry nothing the turn reads.
  }
  return { ok: true, layout: 'sse', events };
}
