/** A text table's prose with its `code` spans shown as <code> (./codeSpans.ts). */
import type { JSX } from 'react';
import { codeSpans } from './codeSpans.ts';

export function CodeText({ text }: { text: string }): JSX.Element {
  return <>{codeSpans(text).map((s, i) => (s.code ? <code key={i}>{s.text}</code> : <span key={i}>{s.text}</span>))}</>;
}
