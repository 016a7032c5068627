/**
 * The playground's evaluation, off the main thread, for large handler texts
 * (see useDocumentEvaluation.ts). The same evaluator as on the main thread,
 * holding the live session for the context of the texts it is sent, and the
 * MCP evaluation for an MCP document's text. Every
 * problem already carries its editor range, so the reply holds no parser
 * location map.
 */
// As on the page: zod must not probe `new Function`, which a no-eval CSP on the worker's script would refuse.
import '../zodUnderCsp.ts';
import { createEvaluator } from '../../playground/evaluate.ts';
// Imported here, not on demand: the worker is its own chunk, loaded only for large texts, so the MCP schemas cost the first load nothing.
import { evaluateMcp } from '../../playground/mcpSource.ts';
import type { EvaluationReply, EvaluationRequest } from './protocol.ts';

const evaluator = createEvaluator();
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<EvaluationRequest>) => void) | null;
  postMessage(m: EvaluationReply): void;
};

scope.onmessage = (e) => {
  const { id, input } = e.data;
  let reply: EvaluationReply;
  try {
    const ev = input.source === 'mcp' ? evaluateMcp(input) : evaluator.evaluate(input);
    reply = { id, ok: true, evaluation: ev };
  } catch (err) {
    reply = { id, ok: false, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
  scope.postMessage(reply);
};
