/** The schemas shared by saved work and share links: one document, the attack, the exercise, the mistake. */
import { z } from 'zod/mini';
import type { AttackId } from '../../lessons/attacks.ts';
import { ContextDraftSchema } from '../contextDraft.ts';
import { RECORDED_STREAM_IDS } from '../turn/recordedStreamIds.ts';
import { MAX_ADDRESS_STEP, TURN_STREAM_IDS } from '../turn/turnAddress.ts';
import { ATTACK_ID_LIST, MISTAKE_COUNT, MODES, type Mode } from '../work.ts';
import { RECOVERY_CASE_IDS, type RecoveryCaseId } from '../../lessons/recoveryProofs.ts';
import { BROKEN_PLANE_IDS } from '../../lessons/recoveryLab/brokenPlaneIds.ts';
import { LabLogSchema } from '../../lessons/recoveryLab/labLog.ts';
import { IO_LIMITS } from './decoded.ts';

export const ScenarioIdSchema = z.string().check(z.regex(/^[a-z_]+\.[a-z0-9_]+$/), z.maxLength(100));
const bilingual = z.strictObject({ en: z.string().check(z.maxLength(2000)), zh: z.string().check(z.maxLength(2000)) });

export const DocSchema = z.strictObject({
  handlerText: z.string().check(z.maxLength(IO_LIMITS.maxTextBytes + 1024)),
  context: ContextDraftSchema,
  meta: z.optional(z.strictObject({ title: bilingual, summary: bilingual })),
  /** Absent in every doc saved or shared before MCP scenarios: a handler output (work.ts Doc.source). */
  source: z.optional(z.literal('mcp')),
});

export const ModeSchema = z.enum(MODES as unknown as [Mode, ...Mode[]]);
export const AttackIdSchema = z.enum(ATTACK_ID_LIST as unknown as [AttackId, ...AttackId[]]);
export const AttackSchema = z.nullable(AttackIdSchema);
/** `sealed` is absent in work saved or shared before 2026-12-01 (f646da9) (work.ts migrateExercise reads it). */
export const ExerciseSchema = z.strictObject({
  items: z.array(DocSchema).check(z.length(5)),
  active: z.number().check(z.int(), z.gte(0), z.lte(4)),
  sealed: z.optional(z.array(z.nullable(DocSchema)).check(z.length(5))),
});
export type SavedExercise = z.infer<typeof ExerciseSchema>;
export const MistakeSchema = z.optional(z.number().check(z.int(), z.gte(1), z.lte(MISTAKE_COUNT)));

// A fixture's id or a recorded stream's (docs/turn-contract.md#what-providers-really-send): both are saved, shared and addressed alike.
const TurnStreamIdSchema = z.enum([...TURN_STREAM_IDS, ...RECORDED_STREAM_IDS] as unknown as [string, ...string[]]);
/** One stream's edits: the text (1 MiB, as every text), the fault switch's id, the handler outputs by call id. */
export const TurnDocSchema = z.strictObject({
  stream: z.nullable(z.string().check(z.maxLength(IO_LIMITS.maxTextBytes))),
  fault: z.nullable(z.string().check(z.regex(/^[a-z_]{1,40}$/))),
  handlers: z.record(
    z.string().check(z.minLength(1), z.maxLength(200)),
    z.string().check(z.maxLength(IO_LIMITS.maxTextBytes)),
  ),
});
export const TurnWorkSchema = z.strictObject({
  stream: TurnStreamIdSchema,
  docs: z.partialRecord(TurnStreamIdSchema, TurnDocSchema),
});
/** A shared turn: its stream, the event on screen (from 0, as the address's `step` less one), and its edits. */
export const TurnShareSchema = z.strictObject({
  stream: TurnStreamIdSchema,
  step: z.number().check(z.int(), z.gte(0), z.lt(MAX_ADDRESS_STEP)),
  doc: TurnDocSchema,
});

/** The recovery lab's case; absent in work and links made before the lab. */
export const RecoveryCaseSchema = z.optional(
  z.enum(RECOVERY_CASE_IDS as unknown as [RecoveryCaseId, ...RecoveryCaseId[]]),
);

/** The broken plane the lab runs beside the real one; absent: the real plane alone. */
export const RecoveryBrokenSchema = z.optional(z.enum(BROKEN_PLANE_IDS));
/** The learner's actions in the lab's open case (src/lessons/recoveryLab/labLog.ts); absent: none. */
export const RecoveryLogSchema = z.optional(LabLogSchema);
