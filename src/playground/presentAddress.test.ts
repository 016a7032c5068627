import { describe, expect, it } from 'vitest';
import { searchOf } from './address.ts';
import { isPresenting, linkPresenting, withPresent } from './presentAddress.ts';

describe('presentation in the address', () => {
  it('is on only for present=1', () => {
    expect(isPresenting('?present=1')).toBe(true);
    expect(isPresenting('?scenario=a&present=1')).toBe(true);
    expect(isPresenting('?present=0')).toBe(false);
    expect(isPresenting('?present=true')).toBe(false);
    expect(isPresenting('')).toBe(false);
  });
  it('is added to and removed from a place’s address, which keeps everything else', () => {
    const place = searchOf({ mode: 'attack', scenarioId: 'search_kb.injection', attackId: 'A14', mistake: undefined });
    const on = withPresent(place, true);
    expect(isPresenting(on)).toBe(true);
    expect(new URLSearchParams(on).get('attack')).toBe('A14');
    expect(withPresent(on, false)).toBe(place);
    // Setting it twice leaves one.
    expect(withPresent(on, true)).toBe(on);
    expect(withPresent('', false)).toBe('');
  });
  it('is set on a whole share link only when asked, the fragment that carries the state untouched', () => {
    const link = 'http://192.168.1.20:5173/?mode=attack&attack=A3#s=AbC-_~x';
    const on = linkPresenting(link, true);
    expect(on).toBe('http://192.168.1.20:5173/?mode=attack&attack=A3&present=1#s=AbC-_~x');
    expect(linkPresenting(on, false)).toBe(link);
    expect(linkPresenting('http://h/#s=1', true)).toBe('http://h/?present=1#s=1');
    expect(linkPresenting('http://h/#s=1', false)).toBe('http://h/#s=1');
  });
});
