/**
 * Pretty JSON as text with light colouring, laid out as JSON.stringify(v, null, 2)
 * would write it. Every string from the data —
 * untrusted search hits included — is rendered as a React text node, never as
 * markup: `<script>` in a snippet shows as `<script>`. Strings and keys go
 * through VisibleText, so bidi overrides and zero-width characters (which
 * JSON.stringify leaves as they are) show as tokens like ⟦U+202E⟧.
 */
import { memo, useMemo, useRef, type JSX, type ReactNode } from 'react';
import { VisibleText } from './DiffView/VisibleText.tsx';
import { shareUnchanged } from './jsonShare.ts';
import { cx } from './cx.ts';
import styles from './JsonView.module.css';

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

/** A value's own members as JSON writes them (a member whose value is undefined is left out). */
const membersOf = (o: object): [string, unknown][] => Object.entries(o).filter(([, v]) => v !== undefined);

/**
 * One value and its lines. Memoized on identity: with the previous value's
 * unchanged subtrees shared into the new one (shareUnchanged), a keystroke
 * re-renders the path from the root to what changed, not the whole document.
 */
const JsonNode = memo(function JsonNode({
  value,
  label,
  comma,
  depth,
}: {
  value: unknown;
  label: string | null;
  comma: boolean;
  depth: number;
}): JSX.Element {
  const pad = '  '.repeat(depth);
  const head: ReactNode =
    label === null ? null : (
      <>
        <span className={styles.key}>
          <VisibleText text={JSON.stringify(label)} />
        </span>
        {': '}
      </>
    );
  const tail = comma ? ',' : '';
  if (value !== null && typeof value === 'object') {
    const isArray = Array.isArray(value);
    const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
    const entries: [string | null, unknown][] = isArray
      ? (value as unknown[]).map((v) => [null, v ?? null])
      : membersOf(value);
    if (entries.length === 0)
      return (
        <>
          {pad}
          {head}
          {open}
          {close}
          {tail}
        </>
      );
    return (
      <>
        {pad}
        {head}
        {open}
        {'\n'}
        {entries.map(([k, v], i) => (
          <JsonLine key={k ?? i} value={v} label={k} comma={i < entries.length - 1} depth={depth + 1} />
        ))}
        {pad}
        {close}
        {tail}
      </>
    );
  }
  const json = JSON.stringify(value) ?? 'null';
  const kind = typeof value === 'string' ? 'str' : typeof value === 'number' ? 'num' : 'lit';
  return (
    <>
      {pad}
      {head}
      <span className={styles[kind]}>{kind === 'str' ? <VisibleText text={json} /> : json}</span>
      {tail}
    </>
  );
});

function JsonLine(props: { value: unknown; label: string | null; comma: boolean; depth: number }): JSX.Element {
  return (
    <>
      <JsonNode {...props} />
      {'\n'}
    </>
  );
}

/** A JSON value drawn from its structure, re-rendering only what changed since the last value it was given. */
function JsonTree({ value }: { value: unknown }): JSX.Element {
  const last = useRef<unknown>(undefined);
  const shared = useMemo(() => shareUnchanged(last.current, value), [value]);
  last.current = shared;
  return <JsonNode value={shared} label={null} comma={false} depth={0} />;
}

export interface JsonViewProps {
  value?: unknown;
  /** Already formatted JSON text (used as is, tokenized); a `value` is drawn from its structure instead. */
  text?: string;
  label?: string;
  className?: string;
}

export function JsonView({ value, text, label, className }: JsonViewProps): JSX.Element {
  return (
    <pre className={cx(styles.json, className)} aria-label={label}>
      <code>{text === undefined ? <JsonTree value={value} /> : <JsonTokens text={text} />}</code>
    </pre>
  );
}

function JsonTokens({ text }: { text: string }): JSX.Element {
  const tokens = useMemo(
    () => (text.length > 200_000 ? [{ text, kind: 'plain' as const }] : tokenizeJson(text)),
    [text],
  );
  return (
    <>
      {tokens.map((tok, i) =>
        tok.kind === 'plain' || tok.kind === 'punct' ? (
          tok.text
        ) : (
          <span key={i} className={styles[tok.kind]}>
            {tok.kind === 'str' || tok.kind === 'key' ? <VisibleText text={tok.text} /> : tok.text}
          </span>
        ),
      )}
    </>
  );
}
