/**
 * The stream as text, edited in place. Every keystroke is read strictly by
 * the core (a JSON array, JSON Lines or SSE); a text that does not read is a
 * located error with a button that puts the caret on it, never a crash, and
 * the text stays exactly as typed.
 */
import { useRef, type JSX } from 'react';
import { lineStarts, STRICT_JSON_LIMITS } from '#lib/core/json/index.ts';
import type { StreamTextError } from '#lib/core/turn/index.ts';
import { streamTextErrorText, type TurnTexts } from './text.ts';
import styles from './StreamTextEditor.module.css';

export interface StreamTextEditorProps {
  x: TurnTexts;
  text: string;
  error: StreamTextError | null;
  events: number | null;
  layout: string | null;
  faultLabel: string | null;
  onText(text: string): void;
}

/** The error's own words in the learner's language (text.ts). */
const errorText = (x: TurnTexts, e: StreamTextError): string => streamTextErrorText(x, e, STRICT_JSON_LIMITS.maxBytes);

export function StreamTextEditor({
  x,
  text,
  error,
  events,
  layout,
  faultLabel,
  onText,
}: StreamTextEditorProps): JSX.Element {
  const area = useRef<HTMLTextAreaElement>(null);
  const goToError = () => {
    const el = area.current;
    if (el === null || error === null) return;
    const starts = lineStarts(el.value);
    const offset = Math.min(el.value.length, (starts[error.line - 1] ?? 0) + error.column - 1);
    el.focus();
    el.setSelectionRange(offset, offset);
  };
  return (
    <div className={styles.streamText}>
      <p className="muted small">{x.textDesc}</p>
      {faultLabel !== null ? <p className="inline-warning">{x.faultOverText(faultLabel)}</p> : null}
      <p className={error === null ? 'mark mark-ok' : 'mark mark-bad'} role="status" data-testid="stream-text-status">
        {error === null
          ? x.textOk(events ?? 0, layout ?? '')
          : x.textError(error.line, error.column, errorText(x, error))}{' '}
        {error !== null ? (
          <button type="button" className="btn btn-quiet" onClick={goToError}>
            {x.goToError}
          </button>
        ) : null}
      </p>
      <textarea
        ref={area}
        className={styles.streamTextarea}
        aria-label={x.textLabel}
        aria-invalid={error !== null}
        spellCheck={false}
        // The page keeps this text itself (saved work, share links). Left to the browser, every history write (one per
        // step through the stream) also copied the whole text, up to 1 MiB, into the entry's form state: ~100 ms a step.
        autoComplete="off"
        value={text}
        onChange={(e) => onText(e.target.value)}
        data-testid="stream-text"
      />
    </div>
  );
}
