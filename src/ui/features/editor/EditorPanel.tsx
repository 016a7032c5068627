/**
 * The handler-output editor. Monaco arrives in its own chunk; until then the
 * same text is shown read-only, so the page paints and every panel already
 * shows results. If Monaco cannot load at all, a plain text area takes over:
 * the learner can always edit, and never loses the text.
 */
import { lazy, Suspense, useCallback, useMemo, useState, type JSX, type ReactNode } from 'react';
import type { PanelTarget } from '../../components/focus.ts';
import { reloadPage } from '../../../playground/browser.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import type { Problem } from '../../../playground/evaluate.ts';
import type { EditorBridge } from './bridge.ts';
import { LARGE_TEXT_CHARS } from '../../hooks/useSettled.ts';
import { useAfterFirstPaint } from '../../hooks/useAfterFirstPaint.ts';
import type { MarkerInput } from './HandlerMonaco.tsx';
import { documentLang, loadMonacoLocale, monacoLocale } from './locale.ts';
import type { Lang } from '../../../lang.ts';
import { EDITOR_TEXT } from './text.ts';
import styles from './EditorPanel.module.css';

// Monaco's own messages in the page's language are in place before its code runs (./locale.ts).
const HandlerMonaco = lazy(() => loadMonacoLocale(documentLang()).then(() => import('./HandlerMonaco.tsx')));

export interface EditorPanelProps {
  /** The page's language: when Monaco was loaded in the other one, its menus say so and offer a reload. */
  lang: Lang;
  docKey: string;
  tool: string;
  /** Present when the text is an MCP server's raw CallToolResult (docs/scenarios.md#mcp-scenarios): what the editor then says it holds. */
  mcp?: McpEditorWords | null;
  text: string;
  onChange(text: string): void;
  theme: 'light' | 'dark';
  /** The problems and the text they were computed from. */
  evaluatedText: string;
  problems: readonly Problem[];
  problemMessage(p: Problem): string;
  tooLarge: boolean;
  bridge: EditorBridge;
  /** Receives the panel and its title, for the narrow bar's jump. */
  target?: PanelTarget;
}

/** What the editor says it holds when it holds an MCP server's CallToolResult (from the MCP chunk: features/mcpSource/editorWords.tsx). */
interface McpEditorWords {
  title: string;
  note: ReactNode;
  aria: string;
}

export function EditorPanel(props: EditorPanelProps): JSX.Element {
  const {
    lang,
    docKey,
    tool,
    mcp = null,
    text,
    onChange,
    theme,
    evaluatedText,
    problems,
    problemMessage,
    tooLarge,
    bridge,
    target,
  } = props;
  const editorText = EDITOR_TEXT[lang];
  const ariaLabel = mcp?.aria ?? editorText.editorAria;
  const editorLang = monacoLocale();
  // Monaco's chunk is fetched once the page has painted its first frame: the verdict does not wait for the editor.
  const loadEditor = useAfterFirstPaint();
  const [cursor, setCursor] = useState<{ line: number; column: number } | null>(null);
  const markers = useMemo<MarkerInput>(
    () => ({ text: evaluatedText, problems, message: problemMessage }),
    [evaluatedText, problems, problemMessage],
  );
  const setFallback = useCallback(
    (el: HTMLElement | null) => {
      bridge.fallback = el;
    },
    [bridge],
  );

  const preview = (
    <div className={styles.previewWrap}>
      <p className={styles.loading} role="status">
        {editorText.editorLoading}
      </p>
      <pre className={`editor-preview ${styles.preview}`} tabIndex={0} aria-label={ariaLabel} ref={setFallback}>
        {text}
      </pre>
    </div>
  );

  return (
    <section
      ref={target?.section}
      className={`panel panel-editor ${styles.panel}`}
      id="panel-editor"
      aria-labelledby="panel-editor-title"
      data-panel="panel-editor"
    >
      <header className={styles.head}>
        <h2 ref={target?.title} id="panel-editor-title" className={styles.title} tabIndex={-1}>
          {mcp?.title ?? editorText.editorTitle} <code className={styles.toolBadge}>{tool}</code>
        </h2>
        <div className={styles.actions}>
          {text !== evaluatedText && text.length > LARGE_TEXT_CHARS ? (
            <span className={styles.evalStatus} data-testid="eval-status" title={editorText.evaluatingOnPauseWhy}>
              {editorText.evaluatingOnPause}
            </span>
          ) : null}
          <span className={styles.cursorStatus} data-testid="cursor-status">
            {cursor === null ? '' : editorText.cursor(cursor.line, cursor.column)}
          </span>
        </div>
      </header>
      <p className={styles.sub} data-testid={mcp === null ? undefined : 'editor-mcp-note'}>
        {mcp?.note ?? editorText.editorSubtitle}
      </p>
      {editorLang !== null && editorLang !== lang ? (
        <p className="inline-warning small" data-testid="editor-language-note">
          {editorText.editorMenusLanguage}{' '}
          <button type="button" className="btn btn-quiet" onClick={reloadPage}>
            {editorText.reloadPage}
          </button>
        </p>
      ) : null}
      {tooLarge ? (
        <p className="inline-alert" role="alert">
          {editorText.textTooLarge}
        </p>
      ) : null}
      <div className={styles.host} id="editor">
        <ErrorBoundary
          fallback={() => (
            <textarea
              className={styles.fallback}
              aria-label={ariaLabel}
              value={text}
              spellCheck={false}
              // As the stream text's (StreamTextEditor.tsx): the page keeps the text; the browser would copy it into every history entry.
              autoComplete="off"
              ref={setFallback}
              onChange={(e) => onChange(e.target.value)}
            />
          )}
        >
          {loadEditor ? (
            <Suspense fallback={preview}>
              <HandlerMonaco
                docKey={docKey}
                tool={tool}
                source={mcp === null ? undefined : 'mcp'}
                value={text}
                onChange={onChange}
                theme={theme}
                ariaLabel={ariaLabel}
                markers={markers}
                bridge={bridge}
                onCursor={setCursor}
                loading={preview}
              />
            </Suspense>
          ) : (
            preview
          )}
        </ErrorBoundary>
      </div>
    </section>
  );
}
