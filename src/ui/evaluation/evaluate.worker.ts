/**
 * The playground's evaluation, off the main thread, for large handler texts
 * (see useDocumentEvaluation.ts). The same pure `evaluate` as on the main thread; the
 * reply leaves out the parser's location map, which only `evaluate` itself
 * uses (every problem already carries its editor range), so the page does not
 * pay to copy thousands of entries it never reads.
 */
// As on the page: zod must not probe `new Function`, which a no-eval CSP on the worker's script would refuse.
import '../zodUnderCsp.ts';
import { evaluate } from '../../playground/evaluate.ts';
import type { EvaluationReply, EvaluationRequest } from './protocol.ts';

const scope = self as unknown as { onmessage: ((e: MessageEvent<EvaluationRequest>) => void) | null; postMessage(m: EvaluationReply): void };

scope.onmessage = (e) => {
  const { id, input } = e.data;
  let reply: EvaluationReply;
  try {
    const ev = evaluate(input);
    reply = { id, ok: true, evaluation: ev.parse.ok ? { ...ev, parse: { ...ev.parse, locations: new Map() } } : ev };
  } catch (err) {
    reply = { id, ok: false, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
  scope.postMessage(reply);
};
