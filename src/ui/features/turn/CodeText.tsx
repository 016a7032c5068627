/**
 * A bilingual text of the turn mode whose identifiers are marked `like this`
 * in the data: each marked part becomes a `<code>` element, so the page never
 * shows a literal backtick.
 */
import type { JSX } from 'react';

export function CodeText({ text }: { text: string }): JSX.Element {
  return <>{text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}
