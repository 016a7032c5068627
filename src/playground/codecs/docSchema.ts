/** The schemas shared by saved work and share links: one document, the attack, the exercise, the mistake. */
import { z } from 'zod';
import type { AttackId } from '../../lessons/attacks.ts';
import { ContextDraftSchema } from '../contextDraft.ts';
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
export const ExerciseSchema = z.strictObject({ items: z.array(DocSchema).length(5), active: z.number().int().min(0).max(4) });
export const MistakeSchema = z.number().int().min(1).max(MISTAKE_COUNT).optional();
