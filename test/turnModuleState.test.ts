/**
 * SPEC 7.1 for the turn modules: no module-level state that one call writes
 * and a later call reads. A static check of the top level of each file (the
 * behavioural check, interleaved assemblers answering as each alone, is in
 * src/core/turn.test.ts): no `let`/`var`, no Map, Set or WeakMap, and no
 * memo helper at column 0. Constant tables are plain arrays and objects.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './support/vectors.ts';

const TURN_FILES = [
  'turn.ts',
  '_turnLog.ts',
  'openaiTurnAssembler.ts',
  'anthropicTurnAssembler.ts',
  'geminiTurnAssembler.ts',
  'assembleTurn.ts',
  'turnStream.ts',
  'turnContext.ts',
  'inputGate.ts',
  'dispatchTurn.ts',
  'continueTurn.ts',
  'runTurn.ts',
  'turnFixtures.ts',
];

describe('the turn modules keep no state between calls', () => {
  it.each(TURN_FILES)('%s', (name) => {
    const text = readFileSync(join(projectRoot, 'src', 'core', name), 'utf8');
    const topLevel = text.split('\n').filter((l) => /^\S/.test(l));
    for (const line of topLevel) {
      expect(line, `${name}: ${line}`).not.toMatch(/^(export )?(let|var)\s/);
      expect(line, `${name}: ${line}`).not.toMatch(/new (Map|Set|WeakMap|WeakSet|WeakRef)\b|memoTable|_memo/);
    }
    expect(text).not.toMatch(/from '\.\/_memo\.ts'/);
  });
});
