/** A fixture's stream as SSE text, the way each provider sends it: `event:` + `data:` lines, and `data: [DONE]` where the provider ends with it. */

import { type TurnFixture } from '../../../../src/chapter/index.ts';

export function toSse(f: Pick<TurnFixture, 'provider' | 'stream'>): string {
  const name = (e: unknown) =>
    e !== null && typeof e === 'object'
      ? (e as Record<string, unknown>)[f.provider === 'gemini' ? 'event_type' : 'type']
      : undefined;
  const body = f.stream
    .map((e) => `${typeof name(e) === 'string' ? `event: ${String(name(e))}\n` : ''}data: ${JSON.stringify(e)}\n\n`)
    .join('');
  return f.provider === 'anthropic' ? body : `${body}event: done\ndata: [DONE]\n\n`;
}
