import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turnFixtures } from '../../core/turnFixtures.ts';
import { buildTurnAddress, parseTurnAddress } from './turnAddress.ts';

describe('turn address', () => {
  it.each(turnFixtures.map((f) => [f.id, f] as const))('%s: build then parse is the identity', (_id, f) => {
    const q = buildTurnAddress({ provider: f.provider, stream: f.id });
    expect(q).toBe(`?mode=turn&provider=${f.provider}&stream=${f.id}`);
    expect(parseTurnAddress(q)).toEqual({ ok: true, address: { provider: f.provider, stream: f.id } });
  });
  it('defaults: a provider alone opens its one_call; a stream alone names its provider; other parameters are left alone', () => {
    expect(parseTurnAddress('mode=turn&provider=gemini')).toEqual({ ok: true, address: { provider: 'gemini', stream: 'gemini.one_call' } });
    expect(parseTurnAddress('?mode=turn&stream=anthropic.truncated&lang=zh')).toEqual({ ok: true, address: { provider: 'anthropic', stream: 'anthropic.truncated' } });
  });
  it.each([
    ['?mode=playground&provider=openai', 'mode'],
    ['?provider=openai', 'mode'],
    ['?mode=turn&provider=mistral', 'provider'],
    ['?mode=turn&provider=openai&stream=openai.nope', 'stream'],
    ['?mode=turn&provider=openai&stream=gemini.one_call', 'stream'],
    ['?mode=turn&provider=openai&provider=gemini', 'provider'],
    ['?mode=turn&stream=__proto__', 'stream'],
  ])('%s is refused at %s, with a reason in both languages', (q, param) => {
    const r = parseTurnAddress(q);
    expect(r).toMatchObject({ ok: false, param });
    if (!r.ok) expect(r.reason.zh.length).toBeGreaterThan(0);
  });
  it('property: any query string is an address or a refusal, never a throw', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parseTurnAddress(s);
        expect(typeof r.ok).toBe('boolean');
      }),
      { seed: 13, numRuns: 300 },
    );
  });
});
