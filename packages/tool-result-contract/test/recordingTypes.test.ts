/** The type-level check of the recordings' continuation bodies (test/types/recordings.generated.ts) is only as good as its freshness. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordings } from '../../../src/chapter/recordings/index.ts';
import { RECORDING_TYPES_PATH, renderRecordingTypes, TYPE_PINS, typedBodies } from './support/recordingTypes.ts';

describe('recordings: continuation bodies type-checked against the SDK request types', () => {
  it('the generated file is what the recordings and the continuation give today (else: npx tsx test/support/recordingTypes.ts)', () => {
    expect(readFileSync(RECORDING_TYPES_PATH, 'utf8')).toBe(renderRecordingTypes());
  });
  it('it holds a body for every recording that continues, in each mode it has (not the docs captures, which elide members)', () => {
    const names = new Set(typedBodies().map((b) => b.name));
    for (const r of recordings.filter((x) => x.expect.end === 'continued' && x.elided === undefined)) {
      expect(names.has(`${r.id.replace(/\W/g, '_')}_stateless`), r.id).toBe(true);
    }
  });
  it('each pinned type error names a body that is generated, with its reason printed', () => {
    const names = new Set(typedBodies().map((b) => b.name));
    for (const [name, why] of Object.entries(TYPE_PINS)) {
      console.warn(`[pinned] ${name}: ${why}`);
      expect(names.has(name), name).toBe(true);
    }
  });
});
