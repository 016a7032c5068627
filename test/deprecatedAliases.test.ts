/**
 * The names a naming pass replaced stay, deprecated, for one release: each old name is the new
 * value itself, so code written against the old one (an `instanceof`, a call) behaves the same.
 */
import { describe, expect, it } from 'vitest';
import { previewDispatch, previewPayloads } from '../src/core/lastHop/index.ts';

describe('deprecated aliases: the old name is the new value', () => {
  it('previewDispatch is previewPayloads', () => {
    expect(previewDispatch).toBe(previewPayloads);
  });
});
