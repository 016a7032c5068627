import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeStreamDocument,
  encodeStreamDocument,
  STREAM_DOCUMENT_FORMAT,
  type StreamDocument,
} from './streamDocument.ts';
import { turnFixtures } from '../../chapter/index.ts';

const docs: StreamDocument[] = turnFixtures.map((f) => ({
  provider: f.provider,
  base: f.id,
  stream: JSON.stringify(f.stream, null, 2),
}));

describe('stream document', () => {
  it.each(docs.map((d) => [d.base, d] as const))('%s: encode then decode is the identity', (_id, d) => {
    const text = encodeStreamDocument(d);
    expect(text).toContain(`"format": "${STREAM_DOCUMENT_FORMAT}"`);
    expect(decodeStreamDocument(text)).toEqual({ ok: true, document: d });
  });
  it('a stream that is mid-edit (not JSON) is kept as text', () => {
    const d: StreamDocument = { provider: 'anthropic', base: null, stream: 'data: {"type":"message_start",' };
    expect(decodeStreamDocument(encodeStreamDocument(d))).toEqual({ ok: true, document: d });
  });
  it.each([
    ['{"format":"tool-turn-stream-v1","provider":"openai","base":null,"stream":""', 'NOT_JSON', 1, null],
    ['{"format":"tool-turn-stream-v1","format":"x"}', 'NOT_JSON', 1, null],
    ['[]', 'NOT_A_DOCUMENT', 1, ''],
    [
      '{\n"format": "tool-turn-stream-v2",\n"provider":"openai","base":null,"stream":""}',
      'UNKNOWN_FORMAT',
      2,
      '/format',
    ],
    [
      '{"format":"tool-turn-stream-v1",\n\n  "provider": "mistral","base":null,"stream":""}',
      'BAD_MEMBER',
      3,
      '/provider',
    ],
    [
      '{"format":"tool-turn-stream-v1","provider":"openai","base":"gemini.one_call","stream":""}',
      'BAD_MEMBER',
      1,
      '/base',
    ],
    ['{"format":"tool-turn-stream-v1","provider":"openai","base":null,"stream":[]}', 'BAD_MEMBER', 1, '/stream'],
    [
      '{"format":"tool-turn-stream-v1","provider":"openai","base":null,"stream":"",\n "extra": 1}',
      'UNKNOWN_MEMBER',
      2,
      '/extra',
    ],
    ['{"format":"tool-turn-stream-v1","provider":"openai","base":null,"stream":"\\ud800"}', 'NOT_JSON', 1, null],
  ])('%s is refused: %s at line %i', (text, code, line, pointer) => {
    const r = decodeStreamDocument(text);
    expect(r).toMatchObject({ ok: false, error: { code, line } });
    if (!r.ok && pointer !== null) expect(r.error.pointer).toBe(pointer);
  });
  it('over 1 MiB is refused before it is read', () => {
    const big = encodeStreamDocument({ provider: 'openai', base: null, stream: 'x'.repeat(1_048_577) });
    expect(decodeStreamDocument(big)).toMatchObject({ ok: false, error: { code: 'TOO_LARGE' } });
  });
  it('property: any text, and any edit of a valid document, decodes or is a located error; never a throw', () => {
    const valid = encodeStreamDocument(docs[0] as StreamDocument);
    const edit = fc
      .tuple(fc.nat(valid.length), fc.nat(8), fc.string({ maxLength: 8 }))
      .map(([at, del, ins]) => valid.slice(0, at) + ins + valid.slice(at + del));
    fc.assert(
      fc.property(fc.oneof(fc.string(), edit), (text) => {
        const r = decodeStreamDocument(text);
        if (!r.ok) {
          expect(r.error.line).toBeGreaterThanOrEqual(1);
          expect(r.error.column).toBeGreaterThanOrEqual(1);
        }
      }),
      { seed: 13, numRuns: 500 },
    );
  });
});
