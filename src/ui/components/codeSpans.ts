/**
 * Prose that names code writes it between backticks (`finalResponse()`), as
 * the text tables do; the page shows such a span as <code>, never the
 * backticks themselves. An unpaired backtick stays text: nothing is lost.
 *
 * @example
 * codeSpans('SDK 的 `finalResponse()` 仍然会返回')
 * // [{ code: false, text: 'SDK 的 ' }, { code: true, text: 'finalResponse()' }, { code: false, text: ' 仍然会返回' }]
 */
export interface Span {
  code: boolean;
  text: string;
}

export function codeSpans(text: string): Span[] {
  const spans: Span[] = [];
  const parts = text.split('`');
  // An odd number of backticks leaves the last one unpaired: it and what follows stay prose.
  const paired = parts.length % 2 === 1 ? parts.length : parts.length - 1;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    if (i >= paired) {
      const last = spans.at(-1);
      const tail = `\`${part}`;
      if (last !== undefined && !last.code) last.text += tail;
      else spans.push({ code: false, text: tail });
    } else if (part !== '') spans.push({ code: i % 2 === 1, text: part });
  }
  return spans;
}
