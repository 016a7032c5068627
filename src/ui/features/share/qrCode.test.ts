import decodeQR from 'qr/decode.js';
import { describe, expect, it } from 'vitest';
import { qrCode } from './qrCode.ts';

/** Draws a path of `M x y h n v1 h-n z` runs into RGBA pixels, as a camera would see the screen (dark on light). */
function rasterize(size: number, path: string, scale = 4): { width: number; height: number; data: Uint8Array } {
  const w = size * scale;
  const data = new Uint8Array(w * w * 4).fill(255);
  for (const m of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, n] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let py = y * scale; py < (y + 1) * scale; py++)
      for (let px = x * scale; px < (x + n) * scale; px++) {
        const i = (py * w + px) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
  }
  return { width: w, height: w, data };
}

describe('qrCode', () => {
  it('draws a code that a reader decodes back to the exact link', () => {
    const link =
      'http://127.0.0.1:4173/?scenario=search_kb.injection&attack=A14#s=N4IgzglgXgpgBAWwgOxAFxALhAYwPYAmArgOZEJGnEwgC+QA';
    const q = qrCode(link);
    if (!q.ok) throw new Error(q.detail);
    expect(decodeQR(rasterize(q.size, q.path))).toBe(link);
  });
  it('draws every dark module once, inside a quiet zone of four', () => {
    const q = qrCode('hello');
    if (!q.ok) throw new Error(q.detail);
    const dark = q.modules.flat().filter(Boolean).length;
    const drawn = [...q.path.matchAll(/h(\d+)v1/g)].reduce((n, m) => n + Number(m[1]), 0);
    expect(drawn).toBe(dark);
    expect(q.size).toBe(q.modules.length);
    const corners = [...q.path.matchAll(/M(\d+) (\d+)h(\d+)/g)].map(
      (m) => [Number(m[1]), Number(m[2]), Number(m[1]) + Number(m[3])] as const,
    );
    expect(Math.min(...corners.flatMap(([x, y]) => [x, y]))).toBe(4);
    expect(Math.max(...corners.map(([, , end]) => end))).toBe(q.size - 4);
  });
  it('says so, instead of throwing, when a link is too long for any QR code', () => {
    const q = qrCode(`https://x/#s=${'a'.repeat(8000)}`);
    expect(q.ok).toBe(false);
  });
});
