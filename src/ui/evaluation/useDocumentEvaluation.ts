/**
 * The evaluation the panels show for the document in the editor.
 *
 * Small texts are evaluated on the main thread as they are typed (deferred,
 * so React renders the panels at low priority). Past LARGE_TEXT_CHARS the text
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
 */
import { startTransition, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { createEvaluator, type Evaluation, type EvaluationInput, type Evaluator } from '../../playground/evaluate.ts';
import { holdLargeEdit, LARGE_TEXT_CHARS, useSettled } from '../hooks/useSettled.ts';
import type { EvaluationReply, EvaluationRequest } from './protocol.ts';
import EvaluateWorker from './evaluate.worker.ts?worker';

export const WORKER_TIMEOUT_MS = 5_000;

/** Where evaluations ran, for the browser tests (read through the e2e build's test hook). */
export const evaluationCounts = { main: 0, worker: 0, workerFailures: 0 };

export interface Evaluated<T> {
  /** The input the evaluation is of: the editor's text, or an older text of the same document while a newer one is evaluated. */
  input: T;
  evaluation: Evaluation;
}

export function useDocumentEvaluation<T extends EvaluationInput & { key: string }>(input: T): Evaluated<T> {
  const deferred = useDeferredValue(useSettled(input, holdLargeEdit));
  const shown = useRef<Evaluated<T> | null>(null);
  const worker = useRef<Worker | null>(null);
  const evaluator = useRef<Evaluator | null>(null);
  const lastRequest = useRef(0);
  const [workerFailed, setWorkerFailed] = useState(false);
  const [reply, setReply] = useState<Evaluated<T> | null>(null);

  const previous = shown.current;
  const offload = !workerFailed && deferred.handlerText.length > LARGE_TEXT_CHARS && previous !== null && previous.input.key === deferred.key;
  const local = useMemo(() => {
    if (offload) return null;
    evaluationCounts.main++;
    evaluator.current ??= createEvaluator();
    return evaluator.current.evaluate(deferred);
  }, [deferred, offload]);
  const current: Evaluated<T> = local !== null ? { input: deferred, evaluation: local } : reply !== null && reply.input === deferred ? reply : (previous as Evaluated<T>);
  // `current` is rebuilt on each render; keep the object stable while its parts are.
  const { input: shownInput, evaluation: shownEvaluation } = current;
  const stable = useMemo<Evaluated<T>>(() => ({ input: shownInput, evaluation: shownEvaluation }), [shownInput, shownEvaluation]);
  useEffect(() => {
    shown.current = stable;
  }, [stable]);

  useEffect(() => {
    if (!offload || (reply !== null && reply.input === deferred)) return;
    const fail = () => {
      evaluationCounts.workerFailures++;
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
    const timer = window.setTimeout(fail, WORKER_TIMEOUT_MS);
    // One handler at a time: a newer request replaces it, so an older reply is never applied.
    w.onmessage = (e: MessageEvent<EvaluationReply>) => {
      if (e.data.id !== id) return;
      window.clearTimeout(timer);
      if (!e.data.ok) {
        fail();
        return;
      }
      evaluationCounts.worker++;
      const evaluation = e.data.evaluation;
      startTransition(() => setReply({ input: deferred, evaluation }));
    };
    const request: EvaluationRequest = { id, input: { handlerText: deferred.handlerText, context: deferred.context } };
    w.postMessage(request);
    return () => window.clearTimeout(timer);
  }, [offload, deferred, reply]);

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
      evaluator.current?.close();
    },
    [],
  );

  return stable;
}
