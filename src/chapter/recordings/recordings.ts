/**
 * Streams recorded from the live APIs (docs/turn-contract.md#what-providers-really-send), kept in public repositories,
 * as contract fixtures beside the project's own (src/chapter/turns). Each stream
 * is a file of its own under src/chapter/recordings/<provider>/, byte for byte as
 * recorded (only its container changed: `container` says how); this index
 * holds where each came from and what it must decide. The expected outcomes
 * were written from the protocols and docs/turn-contract.md, never from the CLI's output.
 *
 * The stream texts are not imported here: the tests read the files, and the
 * playground's turn mode loads them lazily, one at a time.
 */
import type { JsonValue } from '#lib/core/json/index.ts';
import type { ProviderName } from '#lib/core/tables/index.ts';
import type { GateVerdict, TurnContext, TurnProblemCode } from '#lib/core/turn/index.ts';
import index from './recordings.json' with { type: 'json' };

/** Where a recording came from: a repository file at a commit, or a documentation page. */
export type RecordingSource =
  | { repository: string; path: string; commit: string; licence: string; lines?: string; interaction?: number }
  | { page: string; fetched: string; licence: string };

/** A replayed item or block the continuation must carry: the first object in it that matches `match` has `has` (deep-equal) and each of `has_members`. */
export interface ReplayExpectation {
  match: Record<string, JsonValue>;
  has?: Record<string, JsonValue>;
  has_members?: string[];
}

export interface RecordingExpectation {
  /** Absent where the stream has no event that names the response (a stream resumed mid-way). */
  response_id?: string;
  problems: TurnProblemCode[];
  calls: { call_id: string; name: string; arguments: Record<string, JsonValue> | null }[];
  gates: Record<string, GateVerdict>;
  /** continued: a next request is built; final_answer: no call to answer, nothing built, not refused; refused: the continuation is refused; problems: the turn has problems. */
  end: 'continued' | 'final_answer' | 'refused' | 'problems';
  exit: 0 | 1;
  replayed?: ReplayExpectation[];
  /** A text the first problem's detail must contain (e.g. the nested error code). */
  problem_detail?: string;
  /** A text some note's code or detail must contain. */
  notes_include?: string;
  /** Anthropic pause_turn: the continuation ends with the assistant's content, no user message. */
  pause_turn?: boolean;
}

export interface Recording {
  id: string;
  provider: ProviderName;
  /** The stream's file, relative to src/chapter/recordings/. */
  file: string;
  title: { en: string; zh: string };
  source: RecordingSource;
  container: string;
  /** For a capture printed in documentation: what the page elided. Such a capture is exempt from the SDK type check (docs/turn-contract.md#what-providers-really-send). */
  elided?: string;
  expect: RecordingExpectation;
  turn_context: TurnContext;
}

// Marked pure so that a bundle that never reads the recordings leaves the index out.
export const recordings: readonly Recording[] = /* @__PURE__ */ Object.freeze(
  (index as unknown as { format: 'tool-turn-recordings-v1'; recordings: Recording[] }).recordings,
);

export function findRecording(id: string): Recording | null {
  return recordings.find((r) => r.id === id) ?? null;
}

/** The words of a source's cut, so that a page in another language can say it in its own (English by default). */
export interface SourceCutWords {
  /** Lines `from`–`to` of a file of `of` lines. */
  lines(from: number, to: number, of: number): string;
  interaction(n: number): string;
}

export const SOURCE_CUT_EN: SourceCutWords = {
  lines: (from, to, of) => `lines ${from}-${to} of ${of}`,
  interaction: (n) => `interaction ${n}`,
};

/** The source as one line of link text: repository and path (with the cut), or the page. */
export function recordingSourceText(s: RecordingSource, words: SourceCutWords = SOURCE_CUT_EN): string {
  if ('page' in s) return s.page;
  return `${s.repository}: ${s.path}${cutText(s, words)}`;
}

function cutText(s: { lines?: string; interaction?: number }, words: SourceCutWords): string {
  if (s.interaction !== undefined) return ` (${words.interaction(s.interaction)})`;
  if (s.lines === undefined) return '';
  // Every shipped `lines` reads so (test/recordings.test.ts); anything else is shown as written.
  const span = /^(\d+)-(\d+) of (\d+)$/.exec(s.lines);
  return ` (${span === null ? s.lines : words.lines(Number(span[1]), Number(span[2]), Number(span[3]))})`;
}
