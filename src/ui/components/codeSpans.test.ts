import { describe, expect, it } from 'vitest';
import { codeSpans } from './codeSpans.ts';

const shown = (text: string) =>
  codeSpans(text)
    .map((s) => (s.code ? `<code>${s.text}</code>` : s.text))
    .join('');

describe('codeSpans', () => {
  it('turns each backticked span into code and keeps the prose around it', () => {
    expect(codeSpans('SDK 的 `finalResponse()` 仍然会返回')).toEqual([
      { code: false, text: 'SDK 的 ' },
      { code: true, text: 'finalResponse()' },
      { code: false, text: ' 仍然会返回' },
    ]);
    expect(shown('`a` and `b`')).toBe('<code>a</code> and <code>b</code>');
  });
  it('leaves text without backticks alone', () => {
    expect(codeSpans('no code here')).toEqual([{ code: false, text: 'no code here' }]);
  });
  it('keeps an unpaired backtick as text, losing nothing', () => {
    expect(shown('a `b` c ` d')).toBe('a <code>b</code> c ` d');
    expect(shown('`x` `')).toBe('<code>x</code> `');
  });
});
