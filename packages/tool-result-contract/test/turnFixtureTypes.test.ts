/** The type-level check of the turn fixtures (test/types/turnFixtures.generated.ts) is only as good as its freshness. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATH, renderTurnFixtureTypes } from './support/turnFixtureTypes.ts';
import { REPLAY_SAMPLES } from './support/replaySamples.ts';
import { turnFixtures } from '../../../src/chapter/index.ts';

describe('turn fixtures, type-checked against the SDK types', () => {
  it('the generated file is what the fixtures and the continuation give today (else: npx tsx test/support/turnFixtureTypes.ts)', () => {
    expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(renderTurnFixtureTypes());
  });
  it("it holds every fixture's stream, every continuation body that is built, and each replay sample's", () => {
    const text = renderTurnFixtureTypes();
    for (const f of turnFixtures) expect(text).toContain(`export const ${f.id.replace(/\W/g, '_')}: `);
    expect(text.match(/_state(ful|less): /g)?.length).toBe(
      turnFixtures.filter((f) => f.expect.problems.length === 0).length * 2 -
        turnFixtures.filter((f) => f.provider === 'anthropic' && f.expect.problems.length === 0).length +
        REPLAY_SAMPLES.length,
    );
  });
});
