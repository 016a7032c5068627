/** The recorded streams (src/chapter/recordings) as the tests read them: the file's text, its events, and the same events as SSE. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonValue } from '../../src/core/json/index.ts';
import type { Recording, ReplayExpectation } from '../../../../src/chapter/recordings/index.ts';
import { readTurnStream } from '../../src/core/turn/index.ts';
import { toSse } from './turnSse.ts';
import { repositoryRoot } from './vectors.ts';

export const RECORDINGS_DIR = join(repositoryRoot, 'src', 'chapter', 'recordings');

export const recordingText = (r: Recording): string => readFileSync(join(RECORDINGS_DIR, r.file), 'utf8');

export function recordingEvents(r: Recording): JsonValue[] {
  const read = readTurnStream(recordingText(r));
  if (!read.ok) throw new Error(`${r.file}:${read.error.line}:${read.error.column}: ${read.error.message}`);
  return read.events.map((e) => e.value as JsonValue);
}

/**
 * The recording as SSE bytes for an SDK's stream reader: an .sse file as it
 * is; JSON Lines (the AI SDK's container, which drops the `event:` lines) put
 * back into SSE with each event's own type as its name.
 */
export const recordingSse = (r: Recording): string =>
  r.file.endsWith('.sse') ? recordingText(r) : toSse({ provider: r.provider, stream: recordingEvents(r) });

/** Every object in a value, depth first, in order. */
function* objects(v: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(v)) for (const x of v) yield* objects(x);
  else if (v !== null && typeof v === 'object') {
    yield v as Record<string, unknown>;
    for (const x of Object.values(v)) yield* objects(x);
  }
}

const matches = (o: Record<string, unknown>, m: Record<string, JsonValue>) =>
  Object.entries(m).every(([k, v]) => JSON.stringify(o[k]) === JSON.stringify(v));

/** What a continuation body says about one replay expectation: the members found, or why not. */
export function replayedMembers(
  body: unknown,
  e: ReplayExpectation,
): { found: boolean; has: Record<string, unknown>; members: Record<string, boolean> } {
  const o = [...objects(body)].find((x) => matches(x, e.match));
  if (o === undefined) return { found: false, has: {}, members: {} };
  return {
    found: true,
    has: Object.fromEntries(Object.keys(e.has ?? {}).map((k) => [k, o[k]])),
    members: Object.fromEntries((e.has_members ?? []).map((k) => [k, o[k] !== undefined && o[k] !== null])),
  };
}
