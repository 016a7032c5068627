import { describe, expect, it } from 'vitest';
import { parseProgress, serializeProgress } from './codecs/progress.ts';
import { EMPTY_PROGRESS, MAX_ANSWER_CHARS, progressCounts, recordProgress } from './progress.ts';

describe('progress', () => {
  it('records each thing once and keeps the object when nothing is new', () => {
    const a = recordProgress(EMPTY_PROGRESS, { attacks: ['A3'], mistakes: [2, 2] });
    expect(a).toEqual({ proofs: [], attacks: ['A3'], questions: [], mistakes: [2], answers: {} });
    expect(recordProgress(a, { attacks: ['A3'] })).toBe(a);
    expect(progressCounts(recordProgress(a, { questions: [1, 5] }))).toMatchObject({ attacks: 1, questions: 2, mistakes: 1, done: 4, total: 32 });
  });
  it('round-trips through its saved form', () => {
    const p = recordProgress(EMPTY_PROGRESS, { proofs: ['injections_rejected'], attacks: ['A14'], questions: [3], mistakes: [8], answers: { '3': '交付证据 / delivery evidence' } });
    expect(parseProgress(serializeProgress(p))).toEqual({ ok: true, value: p });
  });
  it('keeps the latest answer per question, drops an emptied one, caps the length, and reads progress saved before answers', () => {
    const a = recordProgress(EMPTY_PROGRESS, { answers: { '1': 'first' } });
    const b = recordProgress(a, { answers: { '1': 'first, edited', '2': 'x'.repeat(MAX_ANSWER_CHARS + 10) } });
    expect(b.answers).toEqual({ '1': 'first, edited', '2': 'x'.repeat(MAX_ANSWER_CHARS) });
    expect(recordProgress(b, { answers: { '1': 'first, edited' } })).toBe(b);
    expect(recordProgress(b, { answers: { '1': '' } }).answers).toEqual({ '2': 'x'.repeat(MAX_ANSWER_CHARS) });
    const old = '{"format":"tool-result-playground-progress-v1","proofs":[],"attacks":["A3"],"questions":[1],"mistakes":[]}';
    expect(parseProgress(old)).toEqual({ ok: true, value: { proofs: [], attacks: ['A3'], questions: [1], mistakes: [], answers: {} } });
    for (const bad of [{ '6': 'x' }, { '1': '' }, { '1': 'x'.repeat(MAX_ANSWER_CHARS + 1) }, { '1': 7 }]) {
      expect(parseProgress(JSON.stringify({ format: 'tool-result-playground-progress-v1', proofs: [], attacks: [], questions: [], mistakes: [], answers: bad })).ok).toBe(false);
    }
  });
  it('refuses corrupt or foreign data with a reason, never throws', () => {
    for (const text of [
      '{',
      '[]',
      '{"format":"tool-result-playground-progress-v1","proofs":[],"attacks":["A99"],"questions":[],"mistakes":[]}',
      '{"format":"x"}',
      '{"format":"tool-result-playground-progress-v1","proofs":[],"attacks":[],"questions":[9],"mistakes":[]}',
    ]) {
      const r = parseProgress(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(['NOT_JSON', 'WRONG_SCHEMA']).toContain(r.error.code);
    }
  });
});
