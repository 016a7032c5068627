/**
 * The streams recorded from the live APIs (docs/turn-contract.md#what-providers-really-send) as the turn mode opens
 * them: each recording's text is its own chunk, fetched from the page's own
 * files when the learner opens it (never on the first load, never from the
 * network beyond the page), and shown byte for byte as recorded. The mode
 * reads it through the same view as a fixture: {@link recordedFixture} gives
 * it the recording's turn context, and no handler output (the recorded
 * tools are not in the registry: the gate answers them).
 */
import { recordings, findRecording, type Recording } from '../../chapter/recordings/index.ts';
import { readTurnStream } from '#lib/core/turn/index.ts';
import type { JsonValue } from '#lib/core/json/index.ts';
import { TURN_FIXTURE_FORMAT, type TurnFixture } from '../../chapter/index.ts';

/** One chunk per stream file, loaded on demand. */
const TEXTS = import.meta.glob<string>('../../chapter/recordings/*/*.{sse,jsonl}', {
  query: '?raw',
  import: 'default',
});

export interface RecordedStream {
  recording: Recording;
  /** The file's text as recorded (SSE or JSON Lines). */
  text: string;
  fixture: TurnFixture;
}

/** The recording as the fixture the turn mode's view reads: its events, turn context and expectation. */
export function recordedFixture(recording: Recording, text: string): TurnFixture {
  const read = readTurnStream(text);
  return {
    format: TURN_FIXTURE_FORMAT,
    id: recording.id,
    provider: recording.provider,
    title: recording.title.en,
    summary: recording.title.en,
    expect: { problems: recording.expect.problems, gates: recording.expect.gates },
    stream: read.ok ? read.events.map((e) => e.value as JsonValue) : [],
    turn_context: recording.turn_context,
    handlers: {},
  };
}

/** The recordings of one provider, in the index's order. */
export const recordingsOf = (provider: Recording['provider']): readonly Recording[] =>
  recordings.filter((r) => r.provider === provider);

/** Loads a recorded stream by id; rejects for an id that names none. */
export async function loadRecordedStream(id: string): Promise<RecordedStream> {
  const recording = findRecording(id);
  const load = recording === null ? undefined : TEXTS[`../../chapter/recordings/${recording.file}`];
  if (recording === null || load === undefined) throw new Error(`no recorded stream ${JSON.stringify(id)}`);
  const text = await load();
  return { recording, text, fixture: recordedFixture(recording, text) };
}
