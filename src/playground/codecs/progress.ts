/** The saved progress's codec (exercise proof steps, attacks, self-test answers and key points, mistakes). Pure. */
import { z } from 'zod';
import { INJECTION_KINDS, type InjectionKind, type ProofStep } from '../../lessons/exerciseProofs.ts';
import { MAX_ANSWER_CHARS, type Progress } from '../progress.ts';
import { ATTACK_ID_LIST, MISTAKE_COUNT } from '../work.ts';
import { byteLength, refuse, schemaError, strictJson, type Decoded } from './decoded.ts';
import { AttackIdSchema } from './docSchema.ts';

export const PROGRESS_FORMAT = 'tool-result-playground-progress-v2';
/** Progress saved before issue 18: its proofs were counted by opening the exercise, its questions by typing anything. */
const PROGRESS_FORMAT_V1 = 'tool-result-playground-progress-v1';
const MAX_PROGRESS_BYTES = 64 * 1024;

const slot = z.number().int().min(1).max(5);
const code = z.string().regex(/^[A-Z_]{1,40}$/);
const codes = z.array(code).max(20);
const slots = z.array(slot).max(5);
const StepSchema: z.ZodType<ProofStep> = z.discriminatedUnion('step', [
  z.strictObject({ step: z.literal('scan_projection'), slots }),
  z.strictObject({ step: z.literal('edit_sealed'), slot, path: z.string().max(400), codes }),
  z.strictObject({ step: z.literal('swap'), a: slot, b: slot, codes }),
  z.strictObject({ step: z.literal('replace_key'), slot, codes }),
  z.strictObject({ step: z.literal('inject'), slot, injection: z.enum(INJECTION_KINDS as unknown as [InjectionKind, ...InjectionKind[]]), code }),
  z.strictObject({ step: z.literal('scan_payloads'), slots, payloads: z.number().int().min(0).max(100) }),
]);

const common = {
  attacks: z.array(AttackIdSchema).max(ATTACK_ID_LIST.length),
  mistakes: z.array(z.number().int().min(1).max(MISTAKE_COUNT)).max(MISTAKE_COUNT),
  // Optional: progress saved before answers were kept has none.
  answers: z.record(z.string().regex(/^[1-5]$/), z.string().min(1).max(MAX_ANSWER_CHARS)).optional(),
};

const ProgressSchema = z.strictObject({
  format: z.literal(PROGRESS_FORMAT),
  proofs: z.array(StepSchema).max(20),
  points: z.record(z.string().regex(/^[1-5]$/), z.array(z.number().int().min(0).max(9)).min(1).max(10)),
  ...common,
});

const ProgressV1Schema = z.strictObject({
  format: z.literal(PROGRESS_FORMAT_V1),
  proofs: z.array(z.string().regex(/^[a-z_]{1,40}$/)).max(5),
  questions: z.array(z.number().int().min(1).max(5)).max(5),
  ...common,
});

export function serializeProgress(p: Progress): string {
  return JSON.stringify({ format: PROGRESS_FORMAT, ...p });
}

/** The saved progress; `recounted` when it came from an older version whose proof and question counts are not the learner's and were dropped. */
export interface SavedProgress {
  progress: Progress;
  recounted: boolean;
}

export function parseProgress(text: string): Decoded<SavedProgress> {
  if (byteLength(text) > MAX_PROGRESS_BYTES) return refuse('TOO_LARGE', 'saved progress is larger than 64 KiB');
  const json = strictJson(text, MAX_PROGRESS_BYTES);
  if (!json.ok) return json;
  const old = ProgressV1Schema.safeParse(json.value);
  if (old.success) {
    const { attacks, mistakes, answers, proofs, questions } = old.data;
    return { ok: true, value: { progress: { proofs: [], attacks, mistakes, answers: answers ?? {}, points: {} }, recounted: proofs.length + questions.length > 0 } };
  }
  const r = ProgressSchema.safeParse(json.value);
  if (!r.success) return { ok: false, error: schemaError(r.error) };
  const { proofs, attacks, mistakes, answers, points } = r.data;
  return { ok: true, value: { progress: { proofs, attacks, mistakes, answers: answers ?? {}, points }, recounted: false } };
}

/** Whether there is nothing to keep: a reset leaves no key behind. */
export function isEmptyProgress(p: Progress): boolean {
  return p.proofs.length + p.attacks.length + p.mistakes.length + Object.keys(p.answers).length + Object.keys(p.points).length === 0;
}
