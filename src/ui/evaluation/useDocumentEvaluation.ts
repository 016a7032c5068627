/**
 * The evaluation the panels show for the document in the editor.
 *
 * Small texts are evaluated on the main thread as they are typed, in the
 * keystroke's own render (docs/performance.md#2026-12-01-keystroke-to-paint-on-a-phone-class-cpu-178c196):
 * the core's update is well under a
 * millisecond, and what the learner watches (the verdict, the problem count,
 * the editor's markers, the digests) is then painted with the keystroke. The
 * panels that draw the whole result (projections, payloads) defer their own
 * rendering (useDeferredValue inside them), not the evaluation. Past LARGE_TEXT_CHARS the text
 * is evaluated once typing pauses (useSettled), and in a worker: on a
 * 2-core CI machine, evaluating a 64 KiB handler output on the main thread
 * (10–20 ms of parsing and zod checks, plus the garbage it leaves to the
 * page's collector) on top of the render made a 56 ms task now and then.
 * Meanwhile the panels keep the last evaluation of the same document, and the
 * editor says they lag.
 *
 * A switch of document is evaluated at once on the main thread, so the panels
 * never show one document's evaluation beside another's text. If the worker
 * cannot start, fails, or does not answer within WORKER_TIMEOUT_MS, it is
 * dropped and every later evaluation runs on the main thread: slower, never
 * lost.
 *
 * Both run an Evaluator (playground/evaluate.ts): the core's live session for
 * the current trusted context, opened again when the context changes and
 * closed when the page lets go of it.
 *
 * An MCP document (docs/scenarios.md#mcp-scenarios) is evaluated by `evaluateMcp`, which the
 * page passes in once its chunk has loaded (useMcpSource.ts), and in the worker past
 * LARGE_TEXT_CHARS as any text. Until that chunk is there the hook evaluates nothing and says
 * `awaiting`: read as a handler output, a CallToolResult would be a wrong verdict, however brief.
 */
import { startTransition, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { createEvaluator, type Evaluation, type EvaluationInput } from '../../playground/evaluate.ts';
import { holdLargeEdit, LARGE_TEXT_CHARS, useSettled } from '../hooks/useSettled.ts';
import type { EvaluationReply, EvaluationRequest } from './protocol.ts';
import EvaluateWorker from './evaluate.worker.ts?worker';

export const WORKER_TIMEOUT_MS = 5_000;

/** Where one editor's evaluations ran, for the browser tests (read through the e2e build's test hook). */
export interface EvaluationCounts {
  main: number;
  worker: number;
  workerFailures: number;
}

export interface Evaluated<T> {
  /** The input the evaluation is of: the editor's text, or an older text of the same document while a newer one is evaluated. */
  input: T;
  evaluation: Evaluation;
}

/** Shown by no panel: what the hook answers while an MCP document waits for its evaluator. */
const AWAITED: Evaluation = {
  parse: { ok: true, value: null },
  context: { ok: false, issues: [] },
  result: null,
  internalError: null,
  problems: [],
};

export function useDocumentEvaluation<T extends EvaluationInput & { key: string; source?: 'mcp' }>(
  input: T,
  evaluateMcp: ((input: EvaluationInput) => Evaluation) | undefined = undefined,
): Evaluated<T> & { counts: RefObject<EvaluationCounts>; awaiting: boolean } {
  const settled = useSettled(input, holdLargeEdit);
  const shown = useRef<Evaluated<T> | null>(null);
  const worker = useRef<Worker | null>(null);
  // A cache of the core's live session: creating it opens nothing (a session opens on the first evaluation).
  const [evaluator] = useState(createEvaluator);
  const counts = useRef<EvaluationCounts>({ main: 0, worker: 0, workerFailures: 0 });
  const lastRequest = useRef(0);
  const [workerFailed, setWorkerFailed] = useState(false);
  const [reply, setReply] = useState<Evaluated<T> | null>(null);

  const previous = shown.current;
  const awaiting = settled.source === 'mcp' && evaluateMcp === undefined;
  const offload =
    !awaiting &&
    !workerFailed &&
    settled.handlerText.length > LARGE_TEXT_CHARS &&
    previous !== null &&
    previous.input.key === settled.key &&
    // Nothing to keep showing meanwhile: the document was awaiting its evaluator, so it is evaluated here first.
    previous.evaluation !== AWAITED;
  // evaluate() answers as the plain core functions would (a test holds it to them); the session it fills is a cache
  // keyed by identity, so React calling this twice (Strict Mode) or dropping a result costs time, never a different answer.
  const local = useMemo(
    () =>
      offload || awaiting
        ? null
        : settled.source === 'mcp' && evaluateMcp !== undefined
          ? evaluateMcp(settled)
          : evaluator.evaluate(settled),
    [evaluator, evaluateMcp, settled, offload, awaiting],
  );
  useEffect(() => {
    if (local !== null) counts.current.main++;
  }, [local]);
  const current: Evaluated<T> =
    local !== null
      ? { input: settled, evaluation: local }
      : awaiting
        ? { input: settled, evaluation: AWAITED }
        : reply !== null && reply.input === settled
          ? reply
          : (previous as Evaluated<T>);
  // `current` is rebuilt on each render; keep the object stable while its parts are.
  const { input: shownInput, evaluation: shownEvaluation } = current;
  const stable = useMemo<Evaluated<T>>(
    () => ({ input: shownInput, evaluation: shownEvaluation }),
    [shownInput, shownEvaluation],
  );
  useEffect(() => {
    shown.current = stable;
  }, [stable]);

  useEffect(() => {
    if (!offload || (reply !== null && reply.input === settled)) return;
    const fail = () => {
      counts.current.workerFailures++;
      worker.current?.terminate();
      worker.current = null;
      setWorkerFailed(true);
    };
    let w = worker.current;
    if (w === null) {
      try {
        w = new EvaluateWorker();
      } catch {
        fail();
        return;
      }
      w.onerror = (e) => {
        e.preventDefault();
        fail();
      };
      w.onmessageerror = fail;
      worker.current = w;
    }
    const id = ++lastRequest.current;
    const timer = setTimeout(fail, WORKER_TIMEOUT_MS);
    // One handler at a time: a newer request replaces it, so an older reply is never applied.
    w.onmessage = (e: MessageEvent<EvaluationReply>) => {
      if (e.data.id !== id) return;
      clearTimeout(timer);
      if (!e.data.ok) {
        fail();
        return;
      }
      counts.current.worker++;
      const evaluation = e.data.evaluation;
      startTransition(() => setReply({ input: settled, evaluation }));
    };
    const request: EvaluationRequest = {
      id,
      input: {
        handlerText: settled.handlerText,
        context: settled.context,
        ...(settled.source !== undefined ? { source: settled.source } : {}),
      },
    };
    w.postMessage(request);
    return () => clearTimeout(timer);
  }, [offload, settled, reply]);

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
      evaluator.close();
    },
    [evaluator],
  );

  return { ...stable, counts, awaiting };
}
