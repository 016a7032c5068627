/**
 * The document in the editor and its evaluation (deferred, and for large texts in a worker: typing stays smooth),
 * with the MCP source when the document is an MCP server's CallToolResult (docs/scenarios.md#mcp-scenarios):
 * `awaiting` while its chunk loads ('loading', or 'failed' if it cannot be fetched), then `view`, what the page says of it.
 */
import { useMemo } from 'react';
import type { Lang } from '../../lang.ts';
import { currentDoc, type Work } from '../../playground/work.ts';
import { useDocumentEvaluation } from './useDocumentEvaluation.ts';
import { useMcpSource } from './useMcpSource.ts';

export function useOpenDocument(work: Work, lang: Lang) {
  // `mcp` changes once, when its chunk has loaded: a built-in MCP scenario's document exists from then on.
  const { source: mcp, failed: mcpFailed } = useMcpSource(currentDoc(work).source === 'mcp');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `mcp`: see above
  const doc = useMemo(() => currentDoc(work), [work, mcp]);
  const docKey = work.mode === 'exercise' ? `exercise-${work.exercise.activeIndex + 1}` : work.scenarioId;
  const input = useMemo(
    () => ({ key: docKey, handlerText: doc.handlerText, context: doc.context, source: doc.source }),
    [docKey, doc.handlerText, doc.context, doc.source],
  );
  const evaluated = useDocumentEvaluation(input, mcp?.evaluateMcp);
  const result = evaluated.evaluation.result;
  // A new object only when what it says changes.
  const view = useMemo(
    () => (doc.source === 'mcp' ? mcp?.mcpView(lang, result) : undefined),
    [doc.source, mcp, lang, result],
  );
  // While the document waits for its evaluator: `failed` once the chunk could not be fetched.
  const awaiting = evaluated.awaiting ? (mcpFailed ? ('failed' as const) : ('loading' as const)) : null;
  return { ...evaluated, awaiting, doc, docKey, mcp, view };
}
