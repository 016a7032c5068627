/** The saved progress's codec (exercise proof steps, attacks, self-test answers and key points, mistakes). Pure. */
import { z } from 'zod/mini';
import { INJECTION_KINDS, type InjectionKind, type ProofStep } from '../../lessons/exerciseProofs.ts';
import type { RecoveryStep } from '../../lessons/recoveryProofs.ts';
import { MAX_ANSWER_CHARS, type Progress } from '../progress.ts';
import { ATTACK_ID_LIST, MISTAKE_COUNT } from '../work.ts';
import { byteLength, refuse, schemaError, strictJson, type Decoded } from './decoded.ts';
import { AttackIdSchema } from './docSchema.ts';
import { checkSchema } from '#lib/core/tables/index.ts';

export const PROGRESS_FORMAT = 'tool-result-playground-progress-v2';
/** Progress saved before 2026-12-01 (f646da9): its proofs were counted by opening the exercise, its questions by typing anything. */
const PROGRESS_FORMAT_V1 = 'tool-result-playground-progress-v1';
const MAX_PROGRESS_BYTES = 64 * 1024;

const slot = z.number().check(z.int(), z.gte(1), z.lte(5));
const code = z.string().check(z.regex(/^[A-Z_]{1,40}$/));
const codes = z.array(code).check(z.maxLength(20));
const slots = z.array(slot).check(z.maxLength(5));
const StepSchema: z.ZodMiniType<ProofStep> = z.discriminatedUnion('step', [
  z.strictObject({ step: z.literal('scan_projection'), slots }),
  z.strictObject({ step: z.literal('edit_sealed'), slot, path: z.string().check(z.maxLength(400)), codes }),
  z.strictObject({ step: z.literal('swap'), a: slot, b: slot, codes }),
  z.strictObject({ step: z.literal('replace_key'), slot, codes }),
  z.strictObject({
    step: z.literal('inject'),
    slot,
    injection: z.enum(INJECTION_KINDS as unknown as [InjectionKind, ...InjectionKind[]]),
    code,
    // Optional: progress saved before the place was kept has none.
    path: z.optional(z.string().check(z.maxLength(400))),
  }),
  z.strictObject({
    step: z.literal('scan_payloads'),
    slots,
    payloads: z.number().check(z.int(), z.gte(0), z.lte(100)),
  }),
]);

const seq = z.number().check(z.int(), z.gte(0), z.lte(1_000_000));
const ms = z.number().check(z.int(), z.gte(-86_400_000), z.lte(86_400_000));
const RecoveryStepSchema: z.ZodMiniType<RecoveryStep> = z.discriminatedUnion('proof', [
  z.strictObject({
    proof: z.literal('lost_response_reconciled'),
    seq,
    delivery: z.string().check(z.maxLength(40)),
    side_effects: z.number().check(z.int(), z.gte(0), z.lte(1000)),
  }),
  z.strictObject({
    proof: z.literal('conflict_refused'),
    seq,
    code,
    runs: z.number().check(z.int(), z.gte(0), z.lte(100)),
  }),
  z.strictObject({
    proof: z.literal('reworded_ask_refused'),
    seq,
    code,
    runs: z.number().check(z.int(), z.gte(0), z.lte(100)),
    key_derived: z.boolean(),
  }),
  z.strictObject({
    proof: z.literal('revoked_replay_refused'),
    seq,
    code,
    record_state: z.string().check(z.maxLength(40)),
  }),
  z.strictObject({
    proof: z.literal('retry_after_past_deadline'),
    seq,
    code,
    retry_after_ms: ms,
    left_ms: ms,
    waited_ms: ms,
  }),
  z.strictObject({
    proof: z.literal('retry_after_waited_out'),
    seq,
    code,
    retry_after_ms: ms,
    waited_ms: ms,
    status: z.string().check(z.maxLength(40)),
  }),
  z.strictObject({ proof: z.literal('audit_change_found'), seq, broken_seq: z.nullable(seq) }),
  z.strictObject({
    proof: z.literal('audit_rebuild_passes_plain'),
    seq,
    changed: z.number().check(z.int(), z.gte(0), z.lte(10_000)),
    ok: z.boolean(),
  }),
  z.strictObject({
    proof: z.literal('audit_rebuild_found'),
    seq,
    by: z.enum(['keyed', 'checkpoint']),
    plain_ok: z.boolean(),
    broken_seq: z.nullable(seq),
  }),
]);

const common = {
  attacks: z.array(AttackIdSchema).check(z.maxLength(ATTACK_ID_LIST.length)),
  mistakes: z.array(z.number().check(z.int(), z.gte(1), z.lte(MISTAKE_COUNT))).check(z.maxLength(MISTAKE_COUNT)),
  // Optional: progress saved before answers were kept has none.
  answers: z.optional(
    z.record(z.string().check(z.regex(/^[1-5]$/)), z.string().check(z.minLength(1), z.maxLength(MAX_ANSWER_CHARS))),
  ),
};

const ProgressSchema = z.strictObject({
  format: z.literal(PROGRESS_FORMAT),
  proofs: z.array(StepSchema).check(z.maxLength(20)),
  points: z.record(
    z.string().check(z.regex(/^[1-5]$/)),
    z.array(z.number().check(z.int(), z.gte(0), z.lte(9))).check(z.minLength(1), z.maxLength(10)),
  ),
  ...common,
  // Optional: progress saved before the recovery lab has none.
  recovery: z.optional(z.array(RecoveryStepSchema).check(z.maxLength(10))),
});

const ProgressV1Schema = z.strictObject({
  format: z.literal(PROGRESS_FORMAT_V1),
  proofs: z.array(z.string().check(z.regex(/^[a-z_]{1,40}$/))).check(z.maxLength(5)),
  questions: z.array(z.number().check(z.int(), z.gte(1), z.lte(5))).check(z.maxLength(5)),
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
  const old = checkSchema(ProgressV1Schema, json.value);
  if (old.success) {
    const { attacks, mistakes, answers, proofs, questions } = old.data;
    return {
      ok: true,
      value: {
        progress: { proofs: [], attacks, mistakes, answers: answers ?? {}, points: {} },
        recounted: proofs.length + questions.length > 0,
      },
    };
  }
  const r = checkSchema(ProgressSchema, json.value);
  if (!r.success) return { ok: false, error: schemaError(r.error) };
  const { proofs, attacks, mistakes, answers, points, recovery } = r.data;
  return {
    ok: true,
    value: {
      progress: {
        proofs,
        attacks,
        mistakes,
        answers: answers ?? {},
        points,
        ...(recovery !== undefined && recovery.length > 0 ? { recovery } : {}),
      },
      recounted: false,
    },
  };
}

/** Whether there is nothing to keep: a reset leaves no key behind. */
export function isEmptyProgress(p: Progress): boolean {
  return (
    p.proofs.length +
      p.attacks.length +
      p.mistakes.length +
      Object.keys(p.answers).length +
      Object.keys(p.points).length +
      (p.recovery?.length ?? 0) ===
    0
  );
}
