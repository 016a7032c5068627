/**
 * The files `audit` reads beside the database (docs/audit-log.md#the-cli):
 * the audit key (K.json), a checkpoint (C.json) and the request bodies that
 * were sent (R.jsonl). Each is read strictly and its form checked here, so
 * that a file the operator got wrong is bad input (exit 2) named by file,
 * line and JSON pointer, and only a well-formed one reaches the verdict,
 * where a failing tag or a foreign result is a finding (exit 1).
 */
import { decodeUtf8Strict, escapePointerSegment, parseStrictJson } from '../core/json/index.ts';
import type { Checkpoint } from '../control/index.ts';
import { BadInput } from './badInput.ts';
import type { CliIO } from './run.ts';

export interface AuditKeyFile {
  id: string;
  secret: string;
}

/** One request body of R.jsonl and the line it was on, for the findings that name it. */
export interface RequestLine {
  line: number;
  body: unknown;
}

/** The plane's own key check (docs/control-plane.md#names): hex of 32 bytes or more. */
const SECRET = /^(?:[0-9a-fA-F]{2}){32,}$/;
const HEX64 = /^[0-9a-f]{64}$/;
/** A transcript grows with the conversation, so the file has no bound of its own; each line is one JSON text, and has. */
const MAX_REQUESTS_BYTES = 256 * 1_048_576;

function readBytes(io: CliIO, path: string): Uint8Array {
  try {
    return io.readFile(path);
  } catch (e) {
    throw new BadInput(`${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

function readText(io: CliIO, path: string, maxBytes: number): string {
  const bytes = readBytes(io, path);
  if (bytes.length > maxBytes) throw new BadInput(`${path}: ${bytes.length} bytes, over the limit of ${maxBytes}`);
  const text = decodeUtf8Strict(bytes);
  if (!text.ok) throw new BadInput(`${path}:${text.error.line}:${text.error.column}: ${text.error.message}`);
  return text.text;
}

function readJson(io: CliIO, path: string): unknown {
  const parsed = parseStrictJson(readText(io, path, 1_048_576));
  if (!parsed.ok)
    throw new BadInput(
      `${path}:${parsed.error.line}:${parsed.error.column}: ${parsed.error.code}: ${parsed.error.message}`,
    );
  return parsed.value;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const at = (member: string) => `/${escapePointerSegment(member)}`;

/** Exactly these members: the first one missing or extra, as a pointer, is the message. */
function exactly(path: string, value: unknown, members: readonly string[], what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new BadInput(`${path}: /: must be ${what}`);
  for (const m of members) if (!Object.hasOwn(value, m)) throw new BadInput(`${path}: ${at(m)}: missing (${what})`);
  for (const m of Object.keys(value))
    if (!members.includes(m)) throw new BadInput(`${path}: ${at(m)}: not a member of ${what}`);
  return value;
}

/** K.json: `{ "id": "...", "secret": "<hex>" }`, the plane's `key` option as it is. The secret is never echoed. */
export function readKeyFile(io: CliIO, path: string): AuditKeyFile {
  const k = exactly(path, readJson(io, path), ['id', 'secret'], 'an audit key {id, secret}');
  if (typeof k.id !== 'string' || k.id === '') throw new BadInput(`${path}: /id: must be a non-empty string`);
  if (typeof k.secret !== 'string' || !SECRET.test(k.secret))
    throw new BadInput(`${path}: /secret: must be a string of hex digits, 32 bytes (64 digits) or more`);
  return { id: k.id, secret: k.secret };
}

/** C.json: a checkpoint as `plane.checkpoint()` (makeCheckpoint) returns it, written out with JSON.stringify. */
export function readCheckpointFile(io: CliIO, path: string): Checkpoint {
  const what = 'a checkpoint {size, head_chain_sha256, at, key_id, tag}';
  const c = exactly(path, readJson(io, path), ['size', 'head_chain_sha256', 'at', 'key_id', 'tag'], what);
  const { size, head_chain_sha256, key_id, tag } = c;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0)
    throw new BadInput(`${path}: /size: must be a non-negative integer`);
  if (typeof head_chain_sha256 !== 'string' || !HEX64.test(head_chain_sha256))
    throw new BadInput(`${path}: /head_chain_sha256: must be 64 lowercase hex digits`);
  if (typeof c.at !== 'string') throw new BadInput(`${path}: /at: must be a string`);
  if (!(key_id === null || typeof key_id === 'string'))
    throw new BadInput(`${path}: /key_id: must be a string or null`);
  if (!(tag === null || typeof tag === 'string')) throw new BadInput(`${path}: /tag: must be a string or null`);
  // Half a mode is no checkpoint plane.checkpoint() makes: plain has neither, keyed has both.
  if ((key_id === null) !== (tag === null))
    throw new BadInput(
      `${path}: ${key_id === null ? '/tag' : '/key_id'}: key_id and tag are both null or both strings`,
    );
  return { size, head_chain_sha256, at: c.at, key_id, tag };
}

/**
 * R.jsonl: one request body per line, in the order they were sent, each a
 * strict JSON text; blank lines are skipped (a trailing newline is one). A
 * body that is JSON but no provider request is the verdict's
 * UNREADABLE_REQUEST, not bad input: the transcript is evidence, read as data.
 */
export function readRequestsFile(io: CliIO, path: string): RequestLine[] {
  const lines = readText(io, path, MAX_REQUESTS_BYTES).split('\n');
  const out: RequestLine[] = [];
  lines.forEach((raw, i) => {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '') return;
    const parsed = parseStrictJson(text);
    if (!parsed.ok)
      throw new BadInput(
        `${path}:${i + 1}:${parsed.error.column}: ${parsed.error.code}: ${parsed.error.message} (one request body per line)`,
      );
    out.push({ line: i + 1, body: parsed.value });
  });
  return out;
}
