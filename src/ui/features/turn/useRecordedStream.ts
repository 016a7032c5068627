/** A recorded stream's text is its own chunk, fetched when it is opened; until then (or if it fails) the mode says so. */
import { useEffect, useState } from 'react';
import { loadRecordedStream, type RecordedStream } from '../../../playground/turn/recordedStreams.ts';

export interface LoadedRecording {
  id: string;
  stream: RecordedStream | null;
  error: string | null;
}

/** The open recording once fetched (or its failure); null while it loads, and for a stream that is not a recording. */
export function useRecordedStream(streamId: string, isRecorded: boolean): LoadedRecording | null {
  const [recorded, setRecorded] = useState<LoadedRecording | null>(null);
  useEffect(() => {
    if (!isRecorded) return;
    let live = true;
    loadRecordedStream(streamId).then(
      (r) => live && setRecorded({ id: r.recording.id, stream: r, error: null }),
      (e: unknown) =>
        live && setRecorded({ id: streamId, stream: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [isRecorded, streamId]);
  return recorded !== null && recorded.id === streamId ? recorded : null;
}
