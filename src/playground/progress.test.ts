import { describe, expect, it } from 'vitest';
import { parseProgress, serializeProgress } from './io.ts';
import { EMPTY_PROGRESS, progressCounts, recordProgress } from './progress.ts';

describe('progress', () => {
  it('records each thing once and keeps the object when nothing is new', () => {
    const a = recordProgress(EMPTY_PROGRESS, { attacks: ['A3'], mistakes: [2, 2] });
    expect(a).toEqual({ proofs: [], attacks: ['A3'], questions: [], mistakes: [2] });
    expect(recordProgress(a, { attacks: ['A3'] })).toBe(a);
    expect(progressCounts(recordProgress(a, { questions: [1, 5] }))).toMatchObject({ attacks: 1, questions: 2, mistakes: 1, done: 4, total: 32 });
  });
  it('round-trips through its saved form', () => {
    const p = recordProgress(EMPTY_PROGRESS, { proofs: ['injections_rejected'], attacks: ['A14'], questions: [3], mistakes: [8] });
    expect(parseProgress(serializeProgress(p))).toEqual({ ok: true, value: p });
  });
  it('refuses corrupt or foreign data with a reason, never throws', () => {
    for (const text of ['{', '[]', '{"format":"tool-result-playground-progress-v1","proofs":[],"attacks":["A99"],"questions":[],"mistakes":[]}', '{"format":"x"}', '{"format":"tool-result-playground-progress-v1","proofs":[],"attacks":[],"questions":[9],"mistakes":[]}']) {
      const r = parseProgress(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(['NOT_JSON', 'WRONG_SCHEMA']).toContain(r.error.code);
    }
  });
});
