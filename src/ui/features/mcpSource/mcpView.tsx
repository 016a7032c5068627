/**
 * What the page says of an open MCP document, in the learner's language: the editor's title, line and name, the
 * Problems list's subject, and the MCP redactions above protected_audit. From the MCP chunk, so the first load
 * carries none of it.
 */
import type { Lang } from '../../../lang.ts';
import type { ResultView } from '../../../playground/evaluate.ts';
import { McpRedactions } from './McpRedactions.tsx';
import { MCP_SOURCE_TEXT } from './text.ts';

/** Where the rules an MCP document is read by are explained (the page serves no docs: the place is named). */
const MCP_DOCS = 'packages/tool-result-contract/docs/mcp.md#each-channel';

export function mcpView(lang: Lang, result: ResultView | null) {
  const t = MCP_SOURCE_TEXT[lang];
  return {
    editor: {
      title: t.editorTitle,
      note: (
        <>
          {t.editorNote} {t.docsRef} <code>{MCP_DOCS}</code>
        </>
      ),
      aria: t.editorAria,
    },
    subject: { kind: 'mcp' as const, typed: t.subjectTyped, none: t.problemsNone },
    auditNote:
      result === null ? null : <McpRedactions lang={lang} redactions={result.pkg.protected_audit.redactions} />,
  };
}
