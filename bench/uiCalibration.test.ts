import { describe, expect, it } from 'vitest';
import { findRate } from './uiCalibration.ts';

/** A host whose index falls as `host / rate ** power`, read through `noise` (a factor per reading). */
function host(index: number, power: number, noise: () => number = () => 1) {
  const rates: number[] = [];
  return {
    rates,
    indexAt: async (rate: number) => {
      rates.push(rate);
      return (index / rate ** power) * noise();
    },
  };
}

describe('the phone calibration (findRate)', () => {
  it('finds the rate of a host that slows as the rate rises', async () => {
    const h = host(2000, 1);
    const c = await findRate(500, h.indexAt);
    expect(c.host).toBe(2000);
    expect(Math.abs(c.index - 500)).toBeLessThanOrEqual(10);
    expect(c.rate).toBeCloseTo(4, 1);
  });

  it('follows a throttle that slows the host more than its rate says (as Chromium does here)', async () => {
    const c = await findRate(500, host(2000, 1.3).indexAt);
    expect(Math.abs(c.index - 500)).toBeLessThanOrEqual(10);
    expect(c.rate).toBeGreaterThan(2.5);
    expect(c.rate).toBeLessThan(3.2);
  });

  it('goes past its first guess when the host slows less than its rate says', async () => {
    const c = await findRate(500, host(2000, 0.5).indexAt);
    expect(Math.abs(c.index - 500)).toBeLessThanOrEqual(10);
    expect(c.rate).toBeGreaterThan(15);
    expect(c.rate).toBeLessThan(17);
  });

  it('does not throttle a host slower than the phone', async () => {
    const h = host(400, 1);
    expect(await findRate(500, h.indexAt)).toEqual({ rate: 1, index: 400, host: 400 });
    expect(h.rates).toEqual([1]);
  });

  it('keeps the closest reading of a noisy host, within its eight steps', async () => {
    let i = 0;
    const h = host(2000, 1, () => (i++ % 2 === 0 ? 1.1 : 0.9));
    const c = await findRate(500, h.indexAt);
    expect(h.rates.length).toBeLessThanOrEqual(2 + 8);
    expect(Math.abs(c.index - 500) / 500).toBeLessThan(0.1);
    expect(c.rate).toBeGreaterThan(3);
    expect(c.rate).toBeLessThan(5);
  });

  it('gives Chromium rates in hundredths', async () => {
    const c = await findRate(500, host(2000, 1.3).indexAt);
    expect(Math.round(c.rate * 100) / 100).toBe(c.rate);
  });
});
