/**
 * All Monaco set-up in one place, bundled locally (no CDN):
 * - only the editor API, its features and the JSON language (the package
 *   root would pull every language);
 * - the editor and JSON workers, bundled by Vite (`?worker`);
 * - `@monaco-editor/react` told to use this instance instead of fetching one;
 * - a clipboard service without Monaco's WebKit workaround (./clipboard.ts);
 * - one JSON Schema per registered tool, from the core's own zod contracts,
 *   matched to the editor model by its path, so hovers and completions
 *   explain every field of a handler output.
 * This module is imported only by the lazily loaded editor component, so the
 * page paints and the panels show results before Monaco has downloaded.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
// The editor's features (hover, completion, find, folding, F8 to the next marker, Ctrl+M tab focus, F1 …).
// The JSON mode would pull them in anyway, but only after the editor exists, when they no longer attach to it.
import 'monaco-editor/features/register.all';
import 'monaco-editor/language/json/monaco.contribution';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import { loader } from '@monaco-editor/react';
import { plainClipboardService } from './clipboard.ts';
import { handlerSchemas } from './handlerSchemas.ts';
import { chapterTools } from '../../../chapter/index.ts';

export type Monaco = typeof monaco;

/** The model path of a document: the file name decides which tool's schema applies (none to a CallToolResult's). */
export function modelPath(docKey: string, tool: string, source?: 'mcp'): string {
  const kind = source === 'mcp' ? 'call-tool-result' : 'handler-output';
  return `file:///${encodeURIComponent(docKey)}/${kind}.${encodeURIComponent(tool)}.json`;
}

function schemaFileMatch(tool: string): string {
  return `handler-output.${encodeURIComponent(tool)}.json`;
}

let configured = false;

export function configureMonaco(): Monaco {
  if (configured) return monaco;
  configured = true;
  self.MonacoEnvironment = {
    getWorker(_id: string, label: string): Worker {
      return label === 'json' ? new JsonWorker() : new EditorWorker();
    },
  };
  const schemas = handlerSchemas();
  jsonDefaults.setDiagnosticsOptions({
    // The strict parser and the core are the only judges: their findings become the markers.
    // Monaco's own validator would disagree in small ways (it accepts some things RFC 8259 refuses), so it only serves hovers.
    validate: false,
    allowComments: false,
    enableSchemaRequest: false,
    schemaRequest: 'ignore',
    schemas: Object.values(chapterTools).map((spec) => ({
      uri: `https://tool-result-contract.invalid/schemas/handler-output/${spec.name}.json`,
      fileMatch: [schemaFileMatch(spec.name)],
      schema: schemas[spec.name],
    })),
  });
  // Per-keystroke work the page does not use (docs/performance.md#2026-12-01-keystroke-to-paint-on-a-phone-class-cpu-178c196):
  // the outline (document symbols; sticky scroll reads
  // indentation instead, see HandlerMonaco's options), colour swatches (off in the editor too), and the JSON
  // worker's diagnostics, which are off (validate: false) yet were still requested on every edit. The page's
  // own markers are the only diagnostics. Hovers, completions, folding and formatting stay.
  jsonDefaults.setModeConfiguration({
    documentFormattingEdits: true,
    documentRangeFormattingEdits: true,
    completionItems: true,
    hovers: true,
    documentSymbols: false,
    tokens: true,
    colors: false,
    foldingRanges: true,
    diagnostics: false,
    selectionRanges: true,
  });
  // Monaco's services are set up once, by the first editor created, with that editor's overrides. The React wrapper
  // creates its model first (which sets them up with none), so a first, throwaway editor is made here with ours.
  const first = monaco.editor.create(
    document.createElement('div'),
    { model: null },
    { clipboardService: plainClipboardService() },
  );
  // One character typed into a throwaway model while nothing waits for it: the first keystroke runs Monaco's typing
  // code for the first time (V8 compiles it then), and the learner's first key paid for that — 170–180 ms from the
  // key to the verdict at 4× against 60–70 for the next ones; warmed here, 120–155
  // (docs/performance.md#2026-12-01-one-frame-per-keystroke-target-met-7032c3a, four runs).
  const warm = monaco.editor.createModel('{\n  "a": "b"\n}\n', 'plaintext');
  first.setModel(warm);
  first.setPosition({ lineNumber: 2, column: 10 });
  first.trigger('warm-up', 'type', { text: 'c' });
  first.setModel(null);
  warm.dispose();
  first.dispose();
  loader.config({ monaco: monaco as unknown as Parameters<typeof loader.config>[0]['monaco'] });
  return monaco;
}

/** Markers owned by the playground (one owner, replaced as a whole on every evaluation). */
export const MARKER_OWNER = 'tool-result-contract';
