import { parseErrorMessage, type JsonParseError } from './jsonParseError.ts';
import { offsetToLineColumn } from './textPosition.ts';

/**
 * Decodes a file's bytes as UTF-8, strictly: invalid UTF-8 and a leading byte
 * order mark are refused (RFC 8259 section 8.1), so the text the user sees is
 * the text that is parsed.
 */
export function decodeUtf8Strict(bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: JsonParseError } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return {
      ok: false,
      error: {
        code: 'SYNTAX',
        reason: 'file_byte_order_mark',
        params: {},
        message: parseErrorMessage({ reason: 'file_byte_order_mark', params: {} }),
        offset: 0,
        line: 1,
        column: 1,
      },
    };
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    let valid = 0;
    // Locate the first bad byte: decode growing prefixes would be quadratic, so scan the structure.
    for (let i = 0; i < bytes.length;) {
      const b = bytes[i] as number;
      const need =
        b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
      if (need < 0 || i + need >= bytes.length + (need === 0 ? 1 : 0)) break;
      let ok = true;
      for (let k = 1; k <= need; k++) if (((bytes[i + k] as number) & 0xc0) !== 0x80) ok = false;
      if (!ok) break;
      i += need + 1;
      valid = i;
    }
    const text = new TextDecoder('utf-8').decode(bytes.subarray(0, valid));
    const { line, column } = offsetToLineColumn(text, text.length);
    return {
      ok: false,
      error: {
        code: 'SYNTAX',
        reason: 'not_utf8',
        params: { byte: valid },
        message: parseErrorMessage({ reason: 'not_utf8', params: { byte: valid } }),
        offset: text.length,
        line,
        column,
      },
    };
  }
}
