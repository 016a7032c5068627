/** The messages between the page and the evaluation worker. */
import type { Evaluation, EvaluationInput } from '../../playground/evaluate.ts';

export interface EvaluationRequest {
  /** Increases with every request; a reply for an older one is dropped. */
  id: number;
  input: EvaluationInput;
}

export type EvaluationReply =
  { id: number; ok: true; evaluation: Evaluation } | { id: number; ok: false; error: string };
