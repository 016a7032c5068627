/**
 * lz-string's `decompressFromEncodedURIComponent`, with a bound on the output.
 *
 * Why not call lz-string directly: LZ-family decompression expands, and a
 * hostile share link of 256 KiB can name dictionary entries that grow with
 * every code, so the library would build gigabytes of text before we could
 * measure it. This port of lz-string 1.5's `_decompress` (WTFPL, Pieroxy) stops
 * as soon as the output passes `maxUnits` UTF-16 code units. Compression still
 * uses lz-string itself, and a test checks both agree.
 */

const URI_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const REVERSE: ReadonlyMap<string, number> = new Map([...URI_SAFE].map((c, i) => [c, i]));

export type BoundedResult = { ok: true; text: string } | { ok: false; reason: 'TOO_LARGE' | 'CORRUPT' };

export function decompressFromEncodedURIComponentBounded(input: string, maxUnits: number): BoundedResult {
  const data = input.replace(/ /g, '+');
  if (data === '') return { ok: false, reason: 'CORRUPT' };
  for (const c of data) if (!REVERSE.has(c)) return { ok: false, reason: 'CORRUPT' };
  const length = data.length;
  const resetValue = 32;
  const next = (index: number): number => REVERSE.get(data.charAt(index)) ?? 0;
  const state = { val: next(0), position: resetValue, index: 1 };
  const readBits = (n: number): number => {
    let bits = 0;
    const maxpower = 2 ** n;
    let power = 1;
    while (power !== maxpower) {
      const resb = state.val & state.position;
      state.position >>= 1;
      if (state.position === 0) {
        state.position = resetValue;
        state.val = next(state.index++);
      }
      bits |= (resb > 0 ? 1 : 0) * power;
      power <<= 1;
    }
    return bits;
  };

  const dictionary: string[] = [];
  let enlargeIn = 4;
  let dictSize = 4;
  let numBits = 3;
  let units = 0;
  const result: string[] = [];

  let c: string;
  switch (readBits(2)) {
    case 0:
      c = String.fromCharCode(readBits(8));
      break;
    case 1:
      c = String.fromCharCode(readBits(16));
      break;
    case 2:
      return { ok: true, text: '' };
    default:
      return { ok: false, reason: 'CORRUPT' };
  }
  dictionary[3] = c;
  let w = c;
  result.push(c);
  units += 1;
  for (;;) {
    if (state.index > length) return { ok: false, reason: 'CORRUPT' };
    let code = readBits(numBits);
    switch (code) {
      case 0:
        dictionary[dictSize++] = String.fromCharCode(readBits(8));
        code = dictSize - 1;
        enlargeIn--;
        break;
      case 1:
        dictionary[dictSize++] = String.fromCharCode(readBits(16));
        code = dictSize - 1;
        enlargeIn--;
        break;
      case 2:
        return { ok: true, text: result.join('') };
    }
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
    let entry: string;
    const known = dictionary[code];
    if (known !== undefined && known !== '') entry = known;
    else if (code === dictSize) entry = w + w.charAt(0);
    else return { ok: false, reason: 'CORRUPT' };
    units += entry.length;
    if (units > maxUnits) return { ok: false, reason: 'TOO_LARGE' };
    result.push(entry);
    dictionary[dictSize++] = w + entry.charAt(0);
    enlargeIn--;
    w = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
}
