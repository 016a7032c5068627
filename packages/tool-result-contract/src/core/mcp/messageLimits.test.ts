import { describe, expect, it } from 'vitest';
import { readMcpMessage } from './messageLimits.ts';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p)] : p)));

describe('a message as bytes (what the MCP guard holds when they are not UTF-8)', () => {
  it('refuses invalid UTF-8 by the file rule, never reading U+FFFD', () => {
    expect(readMcpMessage(bytes('{"jsonrpc":"2.0","id":1,"result":{"text":"a', [0xff, 0xc3], 'b"}}'))).toEqual({
      ok: false,
      code: 'MCP_RESULT_SCHEMA',
      path: '',
      params: { kind: 'mcp_not_json', reason: 'NOT_UTF8' },
    });
    // An overlong encoding of '/' and a lone surrogate's bytes: invalid too.
    expect(readMcpMessage(bytes('"', [0xc0, 0xaf], '"'))).toMatchObject({ ok: false, params: { reason: 'NOT_UTF8' } });
    expect(readMcpMessage(bytes('"', [0xed, 0xa0, 0x80], '"'))).toMatchObject({
      ok: false,
      params: { reason: 'NOT_UTF8' },
    });
  });

  it('reads valid UTF-8 bytes as their text', () => {
    expect(readMcpMessage(bytes('{"text":"é😀"}'))).toEqual({ ok: true, value: { text: 'é😀' } });
  });

  it('refuses bytes past the limit before decoding them', () => {
    expect(readMcpMessage(new Uint8Array(1_048_577).fill(0x20))).toMatchObject({ ok: false, code: 'SIZE_LIMIT' });
  });
});
