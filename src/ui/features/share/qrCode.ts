/**
 * A share link as a QR code (for a classroom: one link onto thirty phones), drawn as
 * one SVG path of the dark modules. The generator is `qr` by Paul Miller; it
 * loads with the share dialog, never with the page.
 *
 * @example
 * const q = qrCode('https://example.org/?scenario=get_order.paid');
 * q.ok && q.size // modules per side, the quiet zone of 4 included
 */
import encodeQR from 'qr';

/** Modules of light margin around the symbol: the quiet zone scanners need. */
const QUIET = 4;

export type QrCode = { ok: true; size: number; path: string; modules: boolean[][] } | { ok: false; detail: string };

export function qrCode(text: string): QrCode {
  let modules: boolean[][];
  try {
    // Low error correction: the largest link fits, and a screen is not a torn label.
    modules = encodeQR(text, 'raw', { ecc: 'low', border: QUIET });
  } catch (e) {
    return { ok: false, detail: e instanceof Error ? e.message : String(e) };
  }
  let path = '';
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length;) {
      if (!row[x]) {
        x++;
        continue;
      }
      let run = 0;
      while (row[x + run] === true) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  });
  return { ok: true, size: modules.length, path, modules };
}
