/**
 * Every refusal of a stream file has its Chinese words, said from the fault, with no English sentence; the English
 * stays the codec's. The faults are listed by kind, so a new kind without a sample here does not compile.
 */
import { describe, expect, it } from 'vitest';
import { parseStrictJson } from '#lib/core/json/index.ts';
import {
  decodeStreamDocument,
  streamDocumentMessage,
  type StreamDocumentFault,
} from '../../../playground/turn/streamDocument.ts';
import { streamDocumentDetailZh, streamDocumentFaultZh } from './streamDocumentWords.ts';

const parsed = parseStrictJson('{"a":1,"a":2}');
if (parsed.ok) throw new Error('a duplicate key must be refused');

const FAULTS: { [K in StreamDocumentFault['kind']]: Extract<StreamDocumentFault, { kind: K }> } = {
  not_text: { kind: 'not_text' },
  too_large: { kind: 'too_large', max: 1_048_576 },
  file_too_large: { kind: 'file_too_large', size: 2_000_000, max: 1_048_576 },
  not_utf8: { kind: 'not_utf8' },
  not_json: { kind: 'not_json', error: parsed.error },
  not_object: { kind: 'not_object' },
  unknown_member: { kind: 'unknown_member', member: 'extra', members: ['format', 'provider', 'base', 'stream'] },
  no_format: { kind: 'no_format', format: 'tool-turn-stream-v1' },
  other_version: { kind: 'other_version', found: 'tool-turn-stream-v9', reads: 'tool-turn-stream-v1' },
  wrong_format: { kind: 'wrong_format', format: 'tool-turn-stream-v1' },
  bad_provider: { kind: 'bad_provider', providers: ['openai', 'anthropic', 'gemini'] },
  bad_base: { kind: 'bad_base', provider: 'openai' },
  stream_not_text: { kind: 'stream_not_text' },
};

const CJK = /[\u4e00-\u9fff]/;
/** Three lowercase words in a row once quoted values, identifiers and numbers are out: an English sentence. */
const SENTENCE = /\b[a-z]{2,}(?:[ ,]+[a-z]{2,}){2,}\b/;
const prose = (s: string) =>
  s
    .replace(/“[^”]*”|"[^"]*"|「[^」]*」/g, ' ')
    .replace(/\b[A-Za-z][\w]*[_.:-][\w.:-]*\b/g, ' ')
    .replace(/\d+/g, ' ');

describe('a refused stream file, in Chinese', () => {
  it.each(Object.values(FAULTS))('$kind: Chinese words, no English sentence, and the English is the codec’s', (f) => {
    const zh = streamDocumentFaultZh(f);
    expect(zh).toMatch(CJK);
    expect(prose(zh)).not.toMatch(SENTENCE);
    expect(prose(streamDocumentMessage(f))).toMatch(f.kind === 'not_json' ? /./ : SENTENCE);
  });
  it('every fault has its own words', () => {
    const texts = Object.values(FAULTS).map(streamDocumentFaultZh);
    expect(new Set(texts).size).toBe(texts.length);
  });
  it('a document’s fault is said with its place; the decoder gives the fault it words in English', () => {
    const d = decodeStreamDocument('{"format":"tool-turn-stream-v1","provider":"openai","base":null,"stream":1}');
    expect(d.ok).toBe(false);
    if (d.ok) return;
    expect(d.error.fault).toEqual({ kind: 'stream_not_text' });
    expect(d.error.message).toBe(streamDocumentMessage(d.error.fault));
    expect(streamDocumentDetailZh(d.error.fault, d.error)).toBe(
      `第 ${d.error.line} 行第 ${d.error.column} 列（/stream）：stream 必须是流文件的文本，即一个字符串`,
    );
    expect(streamDocumentDetailZh({ kind: 'not_utf8' }, null)).toBe('文件不是 UTF-8 文本');
  });
});
