import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TURN_PROVIDERS } from '#lib/core/turn/index.ts';
import { parseSearch } from '../address.ts';
import { buildTurnAddress, TURN_PROVIDER_NAMES, TURN_STREAM_IDS, turnAddressOf } from './turnAddress.ts';
import { turnFixtures } from '../../chapter/index.ts';

const fromQuery = (q: string) => {
  const a = parseSearch(q);
  return turnAddressOf(a.provider ?? null, a.stream ?? null);
};

describe('turn address', () => {
  it('the first load’s list of streams is exactly the fixtures’ ids, in order, and its providers the core’s', () => {
    expect(TURN_STREAM_IDS).toEqual(turnFixtures.map((f) => f.id));
    expect(TURN_PROVIDER_NAMES).toEqual(TURN_PROVIDERS);
  });
  it.each(turnFixtures.map((f) => [f.id, f] as const))('%s: build then parse is the identity', (_id, f) => {
    const q = buildTurnAddress({ provider: f.provider, stream: f.id });
    expect(q).toBe(`?mode=turn&provider=${f.provider}&stream=${f.id}`);
    expect(fromQuery(q)).toEqual({ ok: true, address: { provider: f.provider, stream: f.id } });
  });
  it('defaults: a provider alone opens its one_call; a stream alone names its provider; other parameters are left alone', () => {
    expect(fromQuery('mode=turn&provider=gemini')).toEqual({
      ok: true,
      address: { provider: 'gemini', stream: 'gemini.one_call' },
    });
    expect(fromQuery('?mode=turn&stream=anthropic.truncated&lang=zh')).toEqual({
      ok: true,
      address: { provider: 'anthropic', stream: 'anthropic.truncated' },
    });
  });
  it.each([
    ['?mode=turn&provider=mistral', 'provider', 'mistral'],
    ['?mode=turn&provider=openai&stream=openai.nope', 'stream', 'openai.nope'],
    ['?mode=turn&provider=openai&stream=gemini.one_call', 'stream', 'gemini.one_call'],
    ['?mode=turn&stream=__proto__', 'stream', '__proto__'],
    ['?mode=turn&stream=toString', 'stream', 'toString'],
  ])('%s is refused at %s', (q, param, value) => {
    expect(fromQuery(q)).toEqual({ ok: false, param, value });
  });
  it('property: any parameters are an address or a refusal, never a throw', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (p, s) => {
        const r = turnAddressOf(p, s);
        expect(typeof r.ok).toBe('boolean');
        if (r.ok) expect(TURN_STREAM_IDS).toContain(r.address.stream);
      }),
      { seed: 13, numRuns: 300 },
    );
  });
});
