import { describe, expect, it } from 'vitest';
import { parseScenario, parseStrictJson } from '#lib/core/index.ts';
import { builtinDoc } from '../work.ts';
import { IO_LIMITS } from './decoded.ts';
import { decodeScenarioFile, scenarioFileOf } from './scenarioFile.ts';
import { scenarios } from '../../chapter/index.ts';

const utf8 = new TextEncoder();

describe('scenario files', () => {
  it('export is the CLI format, and import reads it back', () => {
    for (const s of scenarios) {
      const doc = builtinDoc(s.id);
      if (doc === null) throw new Error('no doc');
      const file = scenarioFileOf(s.id, doc, { title: s.title, summary: s.summary });
      expect(file.ok).toBe(true);
      if (!file.ok) continue;
      const parsed = parseStrictJson(file.value);
      expect(parsed.ok && parseScenario(parsed.value).ok).toBe(true);
      const back = decodeScenarioFile(utf8.encode(file.value));
      expect(back.ok && back.value).toEqual(s);
    }
  });

  it('export refuses a document whose text does not parse or whose context is invalid', () => {
    const doc = builtinDoc('search_kb.hits');
    if (doc === null) throw new Error('no doc');
    expect(scenarioFileOf('search_kb.hits', { ...doc, handlerText: '{' }, null).ok).toBe(false);
    expect(scenarioFileOf('search_kb.hits', { ...doc, context: { ...doc.context, now: 'yesterday' } }, null).ok).toBe(
      false,
    );
  });

  it('import refuses an oversized file, invalid UTF-8, a BOM, loose JSON and the wrong schema', () => {
    const big = decodeScenarioFile(new Uint8Array(IO_LIMITS.maxCompressedBytes + 1));
    expect(big.ok === false && big.error.code).toBe('TOO_LARGE');
    const bad = decodeScenarioFile(new Uint8Array([0x7b, 0xff, 0x7d]));
    expect(bad.ok === false && bad.error.code).toBe('NOT_UTF8');
    const bom = decodeScenarioFile(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]));
    expect(bom.ok).toBe(false);
    const loose = decodeScenarioFile(utf8.encode('{"format": "tool-result-scenario-v1", // comment\n}'));
    expect(loose.ok === false && loose.error.code).toBe('NOT_JSON');
    const wrong = decodeScenarioFile(utf8.encode('{"format": "tool-result-scenario-v1"}'));
    expect(wrong.ok === false && wrong.error.code).toBe('WRONG_SCHEMA');
  });
});
