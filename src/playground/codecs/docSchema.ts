/** The schemas shared by saved work and share links: one document, the attack, the exercise, the mistake. */
import { z } from 'zod';
import type { AttackId } from '../../lessons/attacks.ts';
import { ContextDraftSchema } from '../contextDraft.ts';
import { RECORDED_STREAM_IDS } from '../turn/recordedStreamIds.ts';
import { TURN_STREAM_IDS } from '../turn/turnAddress.ts';
import { ATTACK_ID_LIST, MISTAKE_COUNT, MODES, type Mode } from '../work.ts';
import { IO_LIMITS } from './decoded.ts';

export const ScenarioIdSchema = z
  .string()
  .regex(/^[a-z_]+\.[a-z0-9_]+$/)
  .max(100);
const bilingual = z.strictObject({ en: z.string().max(2000), zh: z.string().max(2000) });

export const DocSchema = z.strictObject({
  handlerText: z.string().max(IO_LIMITS.maxTextBytes + 1024),
  context: ContextDraftSchema,
  meta: z.strictObject({ title: bilingual, summary: bilingual }).optional(),
});

export const ModeSchema = z.enum(MODES as unknown as [Mode, ...Mode[]]);
export const AttackIdSchema = z.enum(ATTACK_ID_LIST as unknown as [AttackId, ...AttackId[]]);
export const AttackSchema = AttackIdSchema.nullable();
/** `sealed` is absent in work saved or shared before issue 18 (work.ts migrateExercise reads it). */
export const ExerciseSchema = z.strictObject({ items: z.array(DocSchema).length(5), active: z.number().int().min(0).max(4), sealed: z.array(DocSchema.nullable()).length(5).optional() });
export type SavedExercise = z.infer<typeof ExerciseSchema>;
export const MistakeSchema = z.number().int().min(1).max(MISTAKE_COUNT).optional();

// A fixture's id or a recorded stream's (SPEC 8.5): both are saved, shared and addressed alike.
const TurnStreamIdSchema = z.enum([...TURN_STREAM_IDS, ...RECORDED_STREAM_IDS] as unknown as [string, ...string[]]);
/** One stream's edits: the text (1 MiB, as every text), the fault switch's id, the handler outputs by call id. */
export const TurnDocSchema = z.strictObject({
  stream: z.string().max(IO_LIMITS.maxTextBytes).nullable(),
  fault: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .nullable(),
  handlers: z.record(z.string().min(1).max(200), z.string().max(IO_LIMITS.maxTextBytes)),
});
export const TurnWorkSchema = z.strictObject({ stream: TurnStreamIdSchema, docs: z.partialRecord(TurnStreamIdSchema, TurnDocSchema) });
export const TurnShareSchema = z.strictObject({ stream: TurnStreamIdSchema, doc: TurnDocSchema });
