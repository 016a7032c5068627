/** The saved progress's codec (exercise proofs, attacks, self-test questions and answers, mistakes). Pure. */
import { z } from 'zod';
import { MAX_ANSWER_CHARS, type Progress } from '../progress.ts';
import { ATTACK_ID_LIST, MISTAKE_COUNT } from '../work.ts';
import { byteLength, refuse, schemaError, strictJson, type Decoded } from './decoded.ts';
import { AttackIdSchema } from './docSchema.ts';

export const PROGRESS_FORMAT = 'tool-result-playground-progress-v1';
const MAX_PROGRESS_BYTES = 64 * 1024;

const ProgressSchema = z.strictObject({
  format: z.literal(PROGRESS_FORMAT),
  proofs: z.array(z.string().regex(/^[a-z_]{1,40}$/)).max(5),
  attacks: z.array(AttackIdSchema).max(ATTACK_ID_LIST.length),
  questions: z.array(z.number().int().min(1).max(5)).max(5),
  mistakes: z.array(z.number().int().min(1).max(MISTAKE_COUNT)).max(MISTAKE_COUNT),
  // Optional: progress saved before answers were kept has none.
  answers: z.record(z.string().regex(/^[1-5]$/), z.string().min(1).max(MAX_ANSWER_CHARS)).optional(),
});

export function serializeProgress(p: Progress): string {
  return JSON.stringify({ format: PROGRESS_FORMAT, ...p });
}

export function parseProgress(text: string): Decoded<Progress> {
  if (byteLength(text) > MAX_PROGRESS_BYTES) return refuse('TOO_LARGE', 'saved progress is larger than 64 KiB');
  const json = strictJson(text, MAX_PROGRESS_BYTES);
  if (!json.ok) return json;
  const r = ProgressSchema.safeParse(json.value);
  if (!r.success) return { ok: false, error: schemaError(r.error) };
  const { proofs, attacks, questions, mistakes, answers } = r.data;
  return { ok: true, value: { proofs, attacks, questions, mistakes, answers: answers ?? {} } };
}

/** Whether there is nothing to keep: a reset leaves no key behind. */
export function isEmptyProgress(p: Progress): boolean {
  return p.proofs.length + p.attacks.length + p.questions.length + p.mistakes.length + Object.keys(p.answers).length === 0;
}
