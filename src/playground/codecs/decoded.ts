/**
 * What every codec returns: a value, or a refusal with a code and a technical
 * detail (the UI adds the sentence in the learner's language). Everything that
 * comes in is hostile until proven otherwise: size-checked before it is
 * decompressed or parsed, parsed with the core's strict parser, schema-checked,
 * and refused with a reason — never half-applied.
 */
import type { z } from 'zod/mini';
import { parseStrictJson, type JsonParseError } from '#lib/core/json/index.ts';
import { utf8Length } from '#lib/core/json/index.ts';

export const IO_LIMITS = {
  /** A share fragment (compressed) or an imported file, in bytes. */
  maxCompressedBytes: 256 * 1024,
  /** The text a share fragment decompresses to, in UTF-8 bytes. */
  maxTextBytes: 1024 * 1024,
} as const;

export type IoErrorCode =
  'TOO_LARGE' | 'NOT_COMPRESSED' | 'NOT_JSON' | 'WRONG_SCHEMA' | 'NOT_UTF8' | 'STORAGE' | 'UNREADABLE';

export interface IoError {
  code: IoErrorCode;
  /** English, technical: where and why (the UI adds the sentence in the learner's language). */
  detail: string;
  /** When the text was refused by the strict parser or the UTF-8 decoder: its refusal, which the UI says in the learner's language. */
  parse?: JsonParseError;
  /** When the text was JSON of the wrong shape: what is wrong at each pointer, which the UI says in the learner's language. */
  issues?: readonly IoIssue[];
}

/** One schema refusal: zod's issue without its input (which may be anything the text held); the UI words it. */
export type IoIssue = z.core.$ZodIssue extends infer I ? (I extends unknown ? Omit<I, 'input'> : never) : never;

export type Decoded<T> = { ok: true; value: T } | { ok: false; error: IoError };

export const refuse = (code: IoErrorCode, detail: string, parse?: JsonParseError): { ok: false; error: IoError } => ({
  ok: false,
  error: parse === undefined ? { code, detail } : { code, detail, parse },
});

/**
 * Why a text was refused, as data a notice says in the learner's language (spread into the notice): its code, and its
 * parse error or schema issues when it has them. The English `detail` stays the notice's own param.
 */
export const parseOf = ({
  code,
  detail: _,
  ...why
}: IoError): Pick<IoError, 'parse' | 'issues'> & { io: IoErrorCode } => ({
  ...why,
  io: code,
});

/** UTF-8 bytes of a text: the one measure of every limit here (the core's, as the contract counts). */
export const byteLength = utf8Length;

/** Strict JSON (the same parser as the editor), bounded, with the line and column of the first fault. */
export function strictJson(text: string, maxBytes: number = IO_LIMITS.maxTextBytes): Decoded<unknown> {
  const r = parseStrictJson(text, { maxBytes });
  if (r.ok) return { ok: true, value: r.value };
  const e = r.error;
  return refuse(
    e.code === 'TOO_LARGE' ? 'TOO_LARGE' : 'NOT_JSON',
    `${e.code} at line ${e.line}, column ${e.column}: ${e.message}`,
    e,
  );
}

/** An issue's place, as the English detail gives it. */
export const pointerOf = (path: readonly PropertyKey[]): string =>
  path.length > 0 ? `/${path.map(String).join('/')}` : '/';

export function schemaError(error: z.core.$ZodError): IoError {
  const first = error.issues.slice(0, 3);
  return {
    code: 'WRONG_SCHEMA',
    detail: first.map((i) => `${pointerOf(i.path)}: ${i.message}`).join('; '),
    issues: first.map(({ input: _, ...i }) => i as IoIssue),
  };
}
