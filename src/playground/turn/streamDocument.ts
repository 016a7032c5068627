/**
 * The stored format of an edited stream: what the turn mode
 * saves across reloads, puts in a share link and exports as a file. The
 * stream is kept as the learner's text (it may be mid-edit and not JSON);
 * the document around it is read strictly (docs/strict-json.md#rules: the core's strict
 * parser, 1 MiB, never JSON.parse), and a corrupt document is a located
 * error, never a throw. Only the module that owns storage, links and files
 * does IO; this codec is pure.
 *
 * @example
 * const text = encodeStreamDocument({ provider: 'openai', base: 'openai.one_call', stream: '[…]' });
 * decodeStreamDocument(text) // { ok: true, document: { provider: 'openai', base: 'openai.one_call', stream: '[…]' } }
 */
import { isTurnProvider, TURN_PROVIDERS } from '#lib/core/turn/index.ts';
import type { ProviderName } from '#lib/core/tables/index.ts';
import { parseStrictJson, STRICT_JSON_LIMITS, type JsonLocation, type JsonParseError } from '#lib/core/json/index.ts';
import { utf8Length } from '#lib/core/json/index.ts';
import { offsetToLineColumn } from '#lib/core/json/index.ts';
import { isTurnStreamId, providerOfStream } from './turnAddress.ts';

/** The versioned format name; a later version gets a new name, and this codec refuses names it does not know. */
export const STREAM_DOCUMENT_FORMAT = 'tool-turn-stream-v1';

export interface StreamDocument {
  provider: ProviderName;
  /** The fixture or recording the edit started from, or null for a stream written from scratch. */
  base: string | null;
  /** The stream file's text as edited: JSON array, JSON Lines or SSE (read later by the core's reader). */
  stream: string;
}

/**
 * Why a document (or the file that holds it) was refused, as data: the page says it in the learner's language
 * (src/ui/features/turn/streamDocumentWords.ts); `message` is the English.
 */
export type StreamDocumentFault =
  | { kind: 'not_text' }
  | { kind: 'too_large'; max: number }
  | { kind: 'file_too_large'; size: number; max: number }
  | { kind: 'not_utf8' }
  | { kind: 'not_json'; error: JsonParseError }
  | { kind: 'not_object' }
  | { kind: 'unknown_member'; member: string; members: readonly string[] }
  | { kind: 'no_format'; format: string }
  | { kind: 'other_version'; found: string; reads: string }
  | { kind: 'wrong_format'; format: string }
  | { kind: 'bad_provider'; providers: readonly string[] }
  | { kind: 'bad_base'; provider: string }
  | { kind: 'stream_not_text' };

/** A fault in English (the codec's words; the file faults are browser.ts's). */
export function streamDocumentMessage(f: StreamDocumentFault): string {
  switch (f.kind) {
    case 'not_text':
      return 'the document is not text';
    case 'too_large':
      return `the document is over ${f.max} bytes of UTF-8; nothing was read`;
    case 'file_too_large':
      return `the file is ${f.size} bytes, over ${f.max}`;
    case 'not_utf8':
      return 'the file is not UTF-8 text';
    case 'not_json':
      return f.error.message;
    case 'not_object':
      return 'a stream document is a JSON object';
    case 'unknown_member':
      return `unknown member ${JSON.stringify(f.member)}: a stream document has ${f.members.join(', ')}`;
    case 'no_format':
      return `no "format": a stream document says "${f.format}"`;
    case 'other_version':
      return `${JSON.stringify(f.found)} is a version this playground does not read (it reads ${f.reads})`;
    case 'wrong_format':
      return `format must be "${f.format}"`;
    case 'bad_provider':
      return `provider must be one of ${f.providers.join(', ')}`;
    case 'bad_base':
      return `base must be null or the id of a ${f.provider} stream fixture or recording`;
    case 'stream_not_text':
      return 'stream must be the stream file’s text, a string';
  }
}

export interface StreamDocumentError {
  code: 'NOT_JSON' | 'TOO_LARGE' | 'NOT_A_DOCUMENT' | 'UNKNOWN_FORMAT' | 'BAD_MEMBER' | 'UNKNOWN_MEMBER';
  message: string;
  fault: StreamDocumentFault;
  /** 1-based line and UTF-16 column in the document's text. */
  line: number;
  column: number;
  /** RFC 6901 pointer of the member at fault ('' for the whole document). */
  pointer: string;
}

export type StreamDocumentDecode = { ok: true; document: StreamDocument } | { ok: false; error: StreamDocumentError };

const MEMBERS = ['format', 'provider', 'base', 'stream'] as const;

/** The document's text: its members in a fixed order, two-space indented (readable when exported). */
export function encodeStreamDocument(doc: StreamDocument): string {
  return `${JSON.stringify({ format: STREAM_DOCUMENT_FORMAT, provider: doc.provider, base: doc.base, stream: doc.stream }, null, 2)}\n`;
}

/** Reads a stored, shared or imported document. Never throws. */
export function decodeStreamDocument(text: string): StreamDocumentDecode {
  if (typeof text !== 'string') return fail('NOT_A_DOCUMENT', { kind: 'not_text' }, 1, 1, '');
  if (text.length > STRICT_JSON_LIMITS.maxBytes || utf8Length(text) > STRICT_JSON_LIMITS.maxBytes) {
    return fail('TOO_LARGE', { kind: 'too_large', max: STRICT_JSON_LIMITS.maxBytes }, 1, 1, '');
  }
  const r = parseStrictJson(text, { locations: true });
  if (!r.ok)
    return fail(
      r.error.code === 'TOO_LARGE' ? 'TOO_LARGE' : 'NOT_JSON',
      { kind: 'not_json', error: r.error },
      r.error.line,
      r.error.column,
      r.error.pointer ?? '',
    );
  const where = (pointer: string, key = false): { line: number; column: number } => {
    const loc: JsonLocation | undefined = r.locations?.get(pointer);
    return offsetToLineColumn(text, (key ? loc?.keyStart : undefined) ?? loc?.valueStart ?? 0);
  };
  const bad = (
    code: StreamDocumentError['code'],
    pointer: string,
    fault: StreamDocumentFault,
    key = false,
  ): StreamDocumentDecode => {
    const { line, column } = where(pointer, key);
    return fail(code, fault, line, column, pointer);
  };
  const v = r.value;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return bad('NOT_A_DOCUMENT', '', { kind: 'not_object' });
  for (const k of Object.keys(v)) {
    if (!(MEMBERS as readonly string[]).includes(k))
      return bad(
        'UNKNOWN_MEMBER',
        `/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`,
        { kind: 'unknown_member', member: k, members: MEMBERS },
        true,
      );
  }
  if (!Object.hasOwn(v, 'format'))
    return bad('NOT_A_DOCUMENT', '', { kind: 'no_format', format: STREAM_DOCUMENT_FORMAT });
  if (v.format !== STREAM_DOCUMENT_FORMAT) {
    const other = typeof v.format === 'string' && v.format.startsWith('tool-turn-stream-');
    return bad(
      'UNKNOWN_FORMAT',
      '/format',
      other
        ? { kind: 'other_version', found: v.format as string, reads: STREAM_DOCUMENT_FORMAT }
        : { kind: 'wrong_format', format: STREAM_DOCUMENT_FORMAT },
    );
  }
  if (!isTurnProvider(v.provider))
    return bad('BAD_MEMBER', '/provider', { kind: 'bad_provider', providers: TURN_PROVIDERS });
  const provider = v.provider;
  if (v.base !== null && (!isTurnStreamId(v.base) || providerOfStream(v.base) !== provider)) {
    return bad('BAD_MEMBER', '/base', { kind: 'bad_base', provider });
  }
  if (typeof v.stream !== 'string') return bad('BAD_MEMBER', '/stream', { kind: 'stream_not_text' });
  return { ok: true, document: { provider, base: v.base, stream: v.stream } };
}

function fail(
  code: StreamDocumentError['code'],
  fault: StreamDocumentFault,
  line: number,
  column: number,
  pointer: string,
): StreamDocumentDecode {
  return { ok: false, error: { code, message: streamDocumentMessage(fault), fault, line, column, pointer } };
}
