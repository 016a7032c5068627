/** The saved work's codec: what localStorage keeps of the learner's work. Pure: ../browser.ts stores it. */
import { z } from 'zod/mini';
import { compactDocs, exerciseOfSaved, savedExerciseOf, type Doc, type Work } from '../work.ts';
import { byteLength, IO_LIMITS, refuse, schemaError, strictJson, type Decoded } from './decoded.ts';
import { compactTurnDocs, initialTurnWork, type TurnDoc } from '../turn/turnWork.ts';
import {
  AttackSchema,
  DocSchema,
  ExerciseSchema,
  type SavedExercise,
  MistakeSchema,
  RecoveryCaseSchema,
  RecoveryBrokenSchema,
  RecoveryLogSchema,
  ModeSchema,
  ScenarioIdSchema,
  TurnWorkSchema,
} from './docSchema.ts';
import { checkSchema } from '#lib/core/tables/index.ts';

export const WORK_FORMAT = 'tool-result-playground-work-v1';

/** Saved work may hold several scenarios of up to 1 MiB each, so it is not held to the single-text limit; it is still parsed strictly. */
const MAX_SAVED_BYTES = IO_LIMITS.maxTextBytes * 4;

const SavedWorkSchema = z.strictObject({
  format: z.literal(WORK_FORMAT),
  mode: ModeSchema,
  scenario: ScenarioIdSchema,
  docs: z.record(ScenarioIdSchema, DocSchema),
  attack: AttackSchema,
  mistake: MistakeSchema,
  recovery_case: RecoveryCaseSchema,
  recovery_broken: RecoveryBrokenSchema,
  recovery_log: RecoveryLogSchema,
  exercise: ExerciseSchema,
  /** Absent in work saved before the turn mode: it then starts at its first stream. */
  turn: z.optional(TurnWorkSchema),
});

export function serializeWork(work: Work): string {
  return JSON.stringify({
    format: WORK_FORMAT,
    mode: work.mode,
    scenario: work.scenarioId,
    docs: compactDocs(work.docs),
    attack: work.attackId,
    ...(work.mistake !== undefined ? { mistake: work.mistake } : {}),
    ...(work.recoveryCase !== undefined ? { recovery_case: work.recoveryCase } : {}),
    ...(work.recoveryBroken !== undefined ? { recovery_broken: work.recoveryBroken } : {}),
    ...(work.recoveryLog !== undefined ? { recovery_log: work.recoveryLog } : {}),
    exercise: savedExerciseOf(work.exercise),
    turn: { stream: work.turn.stream, docs: compactTurnDocs(work.turn.docs) },
  });
}

export function parseSavedWork(text: string): Decoded<Work> {
  if (byteLength(text) > MAX_SAVED_BYTES) return refuse('TOO_LARGE', 'saved state is larger than 4 MiB');
  const json = strictJson(text, MAX_SAVED_BYTES);
  if (!json.ok) return json;
  const s = checkSchema(SavedWorkSchema, json.value);
  if (!s.success) return { ok: false, error: schemaError(s.error) };
  const v = s.data;
  return {
    ok: true,
    value: {
      mode: v.mode,
      scenarioId: v.scenario,
      docs: v.docs as Record<string, Doc>,
      attackId: v.attack,
      ...(v.mistake !== undefined ? { mistake: v.mistake } : {}),
      ...(v.recovery_case !== undefined ? { recoveryCase: v.recovery_case } : {}),
      ...(v.recovery_broken !== undefined ? { recoveryBroken: v.recovery_broken } : {}),
      ...(v.recovery_log !== undefined ? { recoveryLog: v.recovery_log } : {}),
      exercise: exerciseOfSaved(v.exercise as SavedExercise & { items: Doc[]; sealed?: (Doc | null)[] }),
      turn:
        v.turn === undefined
          ? initialTurnWork()
          : { stream: v.turn.stream, docs: v.turn.docs as Record<string, TurnDoc> },
    },
  };
}
