import { describe, expect, it } from 'vitest';
import {
  codePointLabel,
  countInvisible,
  invisibleToken,
  isInvisible,
  splitVisible,
  visibleText,
} from './visibleText.ts';

describe('visibleText', () => {
  it('leaves ordinary text, CJK, emoji, tab and newline alone', () => {
    const s = 'Refunds 退款 🙂\tline\nnext';
    expect(visibleText(s)).toBe(s);
    expect(countInvisible(s)).toBe(0);
    expect(splitVisible(s)).toEqual([{ text: s, hidden: null }]);
  });

  it('shows every zero-width character the brief names', () => {
    for (const cp of [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]) {
      const ch = String.fromCodePoint(cp);
      expect(visibleText(`a${ch}b`)).toBe(`a⟦${codePointLabel(cp)}⟧b`);
    }
    expect(visibleText('pay\u200Bpal')).toBe('pay⟦U+200B⟧pal');
  });

  it('shows every bidi control, both embeddings/overrides and isolates', () => {
    const cps = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c];
    for (const cp of cps) expect(isInvisible(String.fromCodePoint(cp))).toBe(true);
    // The Trojan Source shape: an override that reverses what follows.
    expect(visibleText('access\u202E\u2066// admin\u2069\u2066')).toBe(
      'access⟦U+202E⟧⟦U+2066⟧// admin⟦U+2069⟧⟦U+2066⟧',
    );
  });

  it('does not touch the neighbours of the ranges', () => {
    for (const cp of [0x200a, 0x2010, 0x2029, 0x202f, 0x205f, 0x2065, 0x206a, 0xfefe, 0xff00]) {
      expect(isInvisible(String.fromCodePoint(cp))).toBe(false);
    }
  });

  it('shows C0 and C1 controls other than tab and line feed', () => {
    expect(visibleText('a\rb\u0000c\u0085d\u007f')).toBe('a⟦U+000D⟧b⟦U+0000⟧c⟦U+0085⟧d⟦U+007F⟧');
  });

  it('splits into runs and hidden characters with names, in order', () => {
    const segs = splitVisible('x\u202Ey\u200B');
    expect(segs.map((s) => s.text)).toEqual(['x', '⟦U+202E⟧', 'y', '⟦U+200B⟧']);
    expect(segs[1]?.hidden).toEqual({ codePoint: 0x202e, name: 'RIGHT-TO-LEFT OVERRIDE' });
    expect(segs[3]?.hidden?.name).toBe('ZERO WIDTH SPACE');
    expect(segs[0]?.hidden).toBeNull();
  });

  it('keeps astral characters whole and counts hidden ones', () => {
    expect(visibleText('𝒜\u200D𝒜')).toBe('𝒜⟦U+200D⟧𝒜');
    expect(countInvisible('\u200B\u200B\uFEFF')).toBe(3);
  });

  it('gives one empty segment for the empty string', () => {
    expect(splitVisible('')).toEqual([{ text: '', hidden: null }]);
  });

  it('formats tokens with at least four upper-case hex digits', () => {
    expect(invisibleToken(0x61c)).toBe('⟦U+061C⟧');
    expect(codePointLabel(0x1f600)).toBe('U+1F600');
  });
});
