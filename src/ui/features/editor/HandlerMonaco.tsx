/**
 * The Monaco editor for the handler output. Loaded lazily (its own chunk):
 * the page shows a read-only preview of the same text until it arrives.
 * Markers are the playground's problems, set on the model only when they were
 * computed from exactly the text the model holds (evaluation may lag a
 * keystroke behind under load).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type JSX, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import Editor, { type OnMount } from '@monaco-editor/react';
import type { editor as MonacoEditorNs } from 'monaco-editor/editor/editor.api';
import { configureMonaco, MARKER_OWNER, modelPath, type Monaco } from './setup.ts';
import type { Problem } from '../../../playground/evaluate.ts';
import type { EditorBridge } from './bridge.ts';
import { usePresent } from '../../hooks/usePresent.ts';
import { LARGE_TEXT_CHARS } from '../../hooks/useSettled.ts';
import { exposeForTests } from '../../testHooks.ts';

const monacoInstance = configureMonaco();

export interface MarkerInput {
  /** The text the problems were computed from. */
  text: string;
  problems: readonly Problem[];
  /** The message of each problem, in the learner's language. */
  message(p: Problem): string;
}

export interface HandlerMonacoProps {
  docKey: string;
  tool: string;
  /** `mcp`: a CallToolResult, which the tool's handler-output schema does not describe (setup.ts modelPath). */
  source?: 'mcp' | undefined;
  value: string;
  onChange(text: string): void;
  theme: 'light' | 'dark';
  ariaLabel: string;
  markers: MarkerInput;
  bridge: EditorBridge;
  onCursor(pos: { line: number; column: number }): void;
  /** Shown while Monaco itself starts (after its code has loaded). */
  loading: ReactNode;
}

const OPTIONS: MonacoEditorNs.IStandaloneEditorConstructionOptions = {
  minimap: { enabled: false },
  fontSize: 13,
  lineHeight: 19,
  tabSize: 2,
  insertSpaces: true,
  wordWrap: 'on',
  wrappingIndent: 'indent',
  scrollBeyondLastLine: false,
  renderValidationDecorations: 'on',
  // Monaco dims the number of the empty last line below AA contrast.
  renderFinalNewline: 'on',
  fixedOverflowWidgets: true,
  automaticLayout: true,
  formatOnPaste: false,
  // What the learner types is what the dispatcher reads: no characters added behind their back.
  // (Auto-closing also trips a Monaco tokenizer error when a long line is typed in one go.)
  autoClosingBrackets: 'never',
  autoClosingQuotes: 'never',
  autoSurround: 'never',
  accessibilitySupport: 'auto',
  unicodeHighlight: { ambiguousCharacters: true, invisibleCharacters: true },
  renderControlCharacters: true,
  scrollbar: { alwaysConsumeMouseWheel: false },
  // The handler output is untrusted: its URLs are text to inspect, never links to follow.
  links: false,
  // No colour swatches for strings that look like colours: nothing in a contract is a colour.
  colorDecorators: false,
  // Sticky scroll's default model is the outline, which asks the JSON worker for every symbol of the document on
  // each edit and rebuilds a tree of them; indentation gives the same headers for pretty-printed JSON, on the page.
  stickyScroll: { enabled: true, defaultModel: 'indentationModel' },
  // Highlighting every other occurrence of the word at the caret reruns on each keystroke; nothing in a contract needs it.
  occurrencesHighlight: 'off',
};

export default function HandlerMonaco(props: HandlerMonacoProps): JSX.Element {
  const { docKey, tool, source, value, onChange, theme, ariaLabel, markers, bridge, onCursor, loading } = props;
  // Presenting, the editor's text is read from the back of a room: 18 px at least.
  const present = usePresent();
  const options = useMemo(
    () => ({ ...OPTIONS, ariaLabel, ...(present ? { fontSize: 18, lineHeight: 26 } : {}) }),
    [ariaLabel, present],
  );
  const editorRef = useRef<MonacoEditorNs.IStandaloneCodeEditor | null>(null);
  const monacoRef = useRef<Monaco | null>(null);
  const [mounted, setMounted] = useState(false);
  const cursorRef = useRef(onCursor);
  cursorRef.current = onCursor;
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  /** The cursor as the editor has it now (clamped to its model by Monaco itself), for the status line. */
  const reportCursor = useCallback(() => {
    const p = editorRef.current?.getPosition();
    if (p != null) cursorRef.current({ line: p.lineNumber, column: p.column });
  }, []);

  /**
   * Texts the editor reported that React has not caught up with yet. The
   * wrapper's controlled `value` wrote any text that differed from the model
   * back into it: a render of an older echo, landing between two fast
   * keystrokes, replaced what the learner had just typed and threw the cursor
   * to the end (and cost a 70–90 ms re-layout on 64 KiB). So the editor is
   * left uncontrolled, and `value` is pushed in only when it is none of these:
   * a scenario switch, a reset, an import, an attack's preload.
   */
  const reported = useRef({ docKey, texts: new Set<string>(), last: null as string | null });
  /** True while the page itself edits the model (inside an effect): React is already rendering then. */
  const pushing = useRef(false);
  /** The editor's text not yet handed to the page, while a flush is queued. */
  const pendingText = useRef<string | null>(null);
  const handleChange = useCallback((v: string | undefined) => {
    const text = v ?? '';
    reported.current.texts.add(text);
    reported.current.last = text;
    if (pushing.current) {
      pendingText.current = null; // the page's own edit supersedes a keystroke still queued
      changeRef.current(text);
      return;
    }
    // Chromium's EditContext delivers typing as `textupdate` events, which React does not count as discrete input:
    // the update would wait for a scheduler task after the editor's own frame, and the verdict, the count and the
    // digests would paint one frame after the character (two frames per key, p90 38 ms at 1×:
    // docs/performance.md#2026-12-01-one-frame-per-keystroke-target-met-7032c3a). Rendered
    // in the keystroke's own task instead, the editor and the page paint in the same frame; the panels that draw the
    // whole result still defer their rendering (useDeferredValue inside them). Once per task, in a microtask: one
    // inserted text arrives as one change per character (measured: 70 for a 70-character insertText), and React
    // refuses more than 50 synchronous renders in a row. Past LARGE_TEXT_CHARS the panels wait for a pause in typing
    // anyway, and Monaco's own edit of the large model fills the keystroke's task: the page's render then keeps its
    // own task (at 4× on 64 KiB, one task of 69 ms instead of 50 and a shorter one).
    const first = pendingText.current === null;
    pendingText.current = text;
    if (first)
      queueMicrotask(() => {
        const latest = pendingText.current;
        pendingText.current = null;
        if (latest === null) return;
        if (latest.length > LARGE_TEXT_CHARS) changeRef.current(latest);
        else flushSync(() => changeRef.current(latest));
      });
  }, []);

  useEffect(() => {
    // The wrapper's switch of model restores that model's own cursor without a cursor event: say where it is now.
    reportCursor();
    if (reported.current.docKey !== docKey) {
      // The wrapper has switched models (its effects run before this one): a kept model may hold older text.
      reported.current = { docKey, texts: new Set(), last: null };
    }
    const r = reported.current;
    if (value === r.last) {
      // Caught up: nothing older can arrive any more.
      r.texts.clear();
      r.texts.add(value);
      return;
    }
    if (r.texts.has(value)) return; // an echo of an earlier keystroke: the editor is already past it
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (editor == null || model == null || model.getValue() === value) return;
    // An outside change, pushed as one edit so that Undo brings the learner's text back.
    editor.pushUndoStop();
    pushing.current = true;
    try {
      editor.executeEdits('playground', [{ range: model.getFullModelRange(), text: value, forceMoveMarkers: true }]);
    } finally {
      pushing.current = false;
    }
    editor.pushUndoStop();
    // The page's text is the editor's now, and no older keystroke is still on its way: a later push of a text the
    // editor once held (an injection taken back) is the page's again, not an echo to skip.
    r.texts.clear();
    r.texts.add(value);
    r.last = value;
  }, [value, docKey, mounted, reportCursor]);

  const onMount: OnMount = (editor, m) => {
    editorRef.current = editor;
    monacoRef.current = m as unknown as Monaco;
    editor.onDidChangeCursorPosition((e) =>
      cursorRef.current({ line: e.position.lineNumber, column: e.position.column }),
    );
    // A new model, or a text replaced from outside (a worked answer, a reset, an injection written in), can leave the
    // line shown pointing past the document: the status line follows the document, not only the caret's moves.
    editor.onDidChangeModel(reportCursor);
    editor.onDidChangeModelContent(reportCursor);
    bridge.attach({
      reveal(r) {
        const model = editor.getModel();
        if (model === null) return;
        const line = Math.min(Math.max(1, r.startLine), model.getLineCount());
        const column = Math.min(Math.max(1, r.startColumn), model.getLineMaxColumn(line));
        editor.setSelection({ startLineNumber: line, startColumn: column, endLineNumber: line, endColumn: column });
        editor.revealPositionInCenterIfOutsideViewport({ lineNumber: line, column });
        editor.focus();
      },
      focus() {
        editor.focus();
      },
    });
    const p = editor.getPosition();
    if (p !== null) cursorRef.current({ line: p.lineNumber, column: p.column });
    setMounted(true);
    exposeForTests('__playgroundEditor', {
      getValue: () => editor.getValue(),
      getPosition: () => editor.getPosition(),
      getMarkers: () => {
        const model = editor.getModel();
        return model === null
          ? []
          : monacoInstance.editor.getModelMarkers({ resource: model.uri, owner: MARKER_OWNER });
      },
      modelPath: () => editor.getModel()?.uri.toString() ?? null,
    });
  };

  useEffect(() => () => bridge.attach(null), [bridge]);

  /** The markers last set, as text: most keystrokes leave them as they were, and then the model is not touched. */
  const lastMarkers = useRef<{ model: unknown; key: string } | null>(null);
  // Markers: only when they describe the text the model holds now.
  useEffect(() => {
    const editor = editorRef.current;
    const m = monacoRef.current;
    const model = editor?.getModel();
    if (editor == null || m === null || model == null) return;
    if (model.getValueLength() !== markers.text.length || model.getValue() !== markers.text) return;
    const list = markers.problems
      .filter((p) => p.range !== null)
      .map((p) => {
        const r = p.range as NonNullable<Problem['range']>;
        return {
          severity: m.MarkerSeverity.Error,
          message: markers.message(p),
          code: p.code,
          source: p.source,
          startLineNumber: r.startLine,
          startColumn: r.startColumn,
          endLineNumber: r.endLine,
          endColumn: r.endColumn,
        };
      });
    // Replacing them re-decorates the whole model and tells every listener; an unchanged list (a keystroke inside a
    // string that breaks nothing, the common case) is left alone. Another model (a switch of document) is always set.
    const key = JSON.stringify(list);
    if (lastMarkers.current?.model === model && lastMarkers.current.key === key) return;
    lastMarkers.current = { model, key };
    m.editor.setModelMarkers(model, MARKER_OWNER, list);
  }, [markers, mounted]);

  return (
    <Editor
      path={modelPath(docKey, tool, source)}
      language="json"
      defaultValue={value}
      theme={theme === 'dark' ? 'vs-dark' : 'vs'}
      onChange={handleChange}
      onMount={onMount}
      options={options}
      loading={loading}
      keepCurrentModel
    />
  );
}
