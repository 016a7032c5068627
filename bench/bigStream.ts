/**
 * A Model turn stream near the 1 MiB limit, for `npm run bench:ui`: the
 * anthropic.one_call fixture with the tool call's arguments streamed in 4 000
 * fragments of 150 characters, as events and as JSON Lines (also read by
 * src/playground/turn/stepThrough.test.ts).
 */

import { turnFixtures } from '../src/chapter/index.ts';

export function bigStream(): { stream: unknown[]; start: number; text: string } {
  const f = turnFixtures.find((x) => x.id === 'anthropic.one_call');
  if (f === undefined) throw new Error('no anthropic.one_call fixture');
  const events = f.stream as { type?: string; index?: number; content_block?: { type?: string } }[];
  const start = events.findIndex((e) => e.type === 'content_block_start' && e.content_block?.type === 'tool_use');
  const index = events[start]?.index ?? 0;
  const delta = (partial_json: string) => ({
    type: 'content_block_delta',
    index,
    delta: { type: 'input_json_delta', partial_json },
  });
  const stream = [
    ...events.slice(0, start + 1),
    delta('{"order_ref":"'),
    ...Array.from({ length: 4000 }, () => delta('x'.repeat(150))),
    delta('"}'),
    { type: 'content_block_stop', index },
    ...events.filter((e) => e.type === 'message_delta' || e.type === 'message_stop'),
  ];
  return { stream, start, text: stream.map((e) => JSON.stringify(e)).join('\n') };
}
