/** Stream text as the turn mode and the CLI read it: SSE, JSON Lines or a JSON array, strictly, each event located (docs/turn-contract.md#assembling-a-streamed-turn). */
import { describe, expect, it } from 'vitest';
import { assembleTurn, StreamTextRefusedError } from './assembleTurn.ts';
import { readTurnStream } from './turnStream.ts';

describe('reading stream text', () => {
  it('an SSE data: line that is not JSON is bad input with its line and column', () => {
    const r = readTurnStream('event: ping\ndata: {"type":"ping"}\n\nevent: ping\ndata: {"type":pong}\n\n');
    expect(r).toMatchObject({ ok: false, error: { code: 'SYNTAX', line: 5, column: 15 } });
    expect(() => assembleTurn('anthropic', 'data: nope\n\n')).toThrow(StreamTextRefusedError);
  });
  it('a JSON Lines line that is not JSON names its line', () => {
    expect(readTurnStream('{"type":"ping"}\n\n{"type":"ping",}\n')).toMatchObject({ ok: false, error: { line: 3 } });
  });
  it('duplicate keys are refused (docs/strict-json.md#rules)', () => {
    expect(readTurnStream('[{"type":"ping","type":"message_stop"}]')).toMatchObject({
      ok: false,
      error: { code: 'DUPLICATE_KEY' },
    });
  });
  it('over 1 MiB is refused before parsing', () => {
    expect(readTurnStream(`[${' '.repeat(1_048_576)}]`)).toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE', line: 1, column: 1 },
    });
  });
  it('data: [DONE] ends the stream; comments, id and retry are skipped; multi-line data joins', () => {
    const r = readTurnStream(
      ': hi\nid: 1\nretry: 5\ndata: {"type":\ndata: "ping"}\n\ndata: [DONE]\n\ndata: {"type":"late"}\n\n',
    );
    expect(r).toMatchObject({ ok: true, layout: 'sse', events: [{ value: { type: 'ping' }, line: 4 }] });
    expect(r.ok && r.events).toHaveLength(1);
  });
  it('each event of a JSON array knows its line', () => {
    const r = readTurnStream('[\n  {"type":"a"},\n  {"type":"b"}\n]');
    expect(r.ok && r.events.map((e) => [e.line, e.column])).toEqual([
      [2, 3],
      [3, 3],
    ]);
  });
});
