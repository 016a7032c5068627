/**
 * Pretty JSON as text with light colouring. Every string from the data —
 * untrusted search hits included — is rendered as a React text node, never as
 * markup: `<script>` in a snippet shows as `<script>`. Strings and keys go
 * through VisibleText, so bidi overrides and zero-width characters (which
 * JSON.stringify leaves as they are) show as tokens like ⟦U+202E⟧.
 */
import { useMemo, type JSX } from 'react';
import { VisibleText } from './DiffView/VisibleText.tsx';

type Token = { text: string; kind: 'key' | 'str' | 'num' | 'lit' | 'punct' | 'plain' };

const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b|([{}[\],])/g;

export function tokenizeJson(text: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ text: text.slice(last, at), kind: 'plain' });
    if (m[1] !== undefined) {
      out.push({ text: m[1], kind: m[2] !== undefined ? 'key' : 'str' });
      if (m[2] !== undefined) out.push({ text: m[2], kind: 'punct' });
    } else if (m[3] !== undefined) out.push({ text: m[3], kind: 'num' });
    else if (m[4] !== undefined) out.push({ text: m[4], kind: 'lit' });
    else out.push({ text: m[0], kind: 'punct' });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), kind: 'plain' });
  return out;
}

export interface JsonViewProps {
  value?: unknown;
  /** Already formatted JSON text (used as is). */
  text?: string;
  label?: string;
  className?: string;
}

export function JsonView({ value, text, label, className }: JsonViewProps): JSX.Element {
  const source = text ?? JSON.stringify(value, null, 2) ?? 'undefined';
  const tokens = useMemo(() => (source.length > 200_000 ? [{ text: source, kind: 'plain' as const }] : tokenizeJson(source)), [source]);
  return (
    <pre className={`json ${className ?? ''}`} aria-label={label}>
      <code>
        {tokens.map((tok, i) =>
          tok.kind === 'plain' || tok.kind === 'punct' ? (
            tok.text
          ) : (
            <span key={i} className={`json-${tok.kind}`}>
              {tok.kind === 'str' || tok.kind === 'key' ? <VisibleText text={tok.text} /> : tok.text}
            </span>
          ),
        )}
      </code>
    </pre>
  );
}
