/**
 * The recovery lab's actions as data: what the learner did, in order. The
 * plane is deterministic under the virtual clock, so these replayed onto a
 * fresh stage bring back the same answers, records, ledger and audit chain:
 * this is what the saved work and a share link keep of the lab. Light on
 * purpose (no control plane): the work's codecs read it on the first load.
 */
import { z } from 'zod/mini';
import type { FaultId, LabTool, StatusFaultId } from './stage.ts';

const TOOLS = ['create_refund_draft', 'get_order', 'search_kb', 'send_email'] as const satisfies readonly LabTool[];
const FAULTS = [
  'lose_response',
  'refuse_connection',
  'commit_then_refuse',
  'rate_limit',
  'owner_dies',
] as const satisfies readonly FaultId[];
const STATUS_ANSWERS = ['not_started', 'committed_other', 'silent'] as const satisfies readonly StatusFaultId[];
const RETRY_KINDS = ['same_key', 'other_args', 'new_key', 'model_again'] as const;
/** How the audit log is checked (docs/recovery-lab.md#the-audit-checks). */
export const AUDIT_CHECKS = ['plain', 'keyed', 'checkpoint'] as const;
export type AuditCheck = (typeof AUDIT_CHECKS)[number];

/** A day: longer than any lease, deadline or retention the lab shows, short enough to stay a plain number. */
const MAX_ADVANCE_MS = 86_400_000;
/** What a link may ask the stage to do at most; a learner's session is tens of actions (setters in a row count once). */
export const LAB_LOG_MAX = 200;
/** The arguments of one call, as JSON: the tools' own inputs are far smaller. */
const MAX_ARGS_CHARS = 4_096;

const ArgsSchema = z.record(z.string().check(z.maxLength(64)), z.unknown()).check(
  z.refine((v) => JSON.stringify(v).length <= MAX_ARGS_CHARS, {
    message: `must be at most ${MAX_ARGS_CHARS} characters of JSON`,
    params: { constraint: 'json_text_max', max: MAX_ARGS_CHARS },
  }),
);

const LabActionSchema = z.discriminatedUnion('do', [
  z.strictObject({ do: z.literal('tool'), tool: z.enum(TOOLS) }),
  z.strictObject({ do: z.literal('args'), args: ArgsSchema }),
  z.strictObject({ do: z.literal('fault'), fault: z.nullable(z.enum(FAULTS)) }),
  z.strictObject({ do: z.literal('retry_after'), ms: z.number().check(z.int(), z.gte(100), z.lte(600_000)) }),
  z.strictObject({ do: z.literal('status'), status: z.nullable(z.enum(STATUS_ANSWERS)) }),
  z.strictObject({ do: z.literal('access'), granted: z.boolean() }),
  z.strictObject({ do: z.literal('principal'), n: z.number().check(z.int(), z.gte(0), z.lte(1)) }),
  z.strictObject({ do: z.literal('reworded'), on: z.boolean() }),
  z.strictObject({ do: z.literal('recipients'), policy: z.enum(['customer', 'any']) }),
  z.strictObject({ do: z.literal('dispatch') }),
  z.strictObject({ do: z.literal('retry'), kind: z.enum(RETRY_KINDS) }),
  z.strictObject({ do: z.literal('approve') }),
  z.strictObject({ do: z.literal('decline') }),
  z.strictObject({ do: z.literal('advance'), ms: z.number().check(z.int(), z.gt(0), z.lte(MAX_ADVANCE_MS)) }),
  z.strictObject({ do: z.literal('change'), seq: z.number().check(z.int(), z.gte(1), z.lte(10_000)) }),
  z.strictObject({ do: z.literal('rebuild') }),
  z.strictObject({ do: z.literal('checkpoint') }),
  // Optional: a log written before the keyed and checkpoint checks verified plain only.
  z.strictObject({ do: z.literal('verify'), by: z.optional(z.enum(AUDIT_CHECKS)) }),
  z.strictObject({ do: z.literal('alter'), n: z.number().check(z.int(), z.gte(1), z.lte(10_000)) }),
  z.strictObject({ do: z.literal('reconcile') }),
]);

export type LabAction = z.infer<typeof LabActionSchema>;

/** A lab's actions in a saved work or a share link: bounded, each one checked like any other shared state. */
export const LabLogSchema = z.array(LabActionSchema).check(z.maxLength(LAB_LOG_MAX));

/** Setters whose last value is all that counts: two in a row are one (a learner typing arguments sets them per keystroke). */
const SETTERS: ReadonlySet<LabAction['do']> = new Set([
  'args',
  'fault',
  'retry_after',
  'status',
  'access',
  'principal',
  'reworded',
  'recipients',
]);

/** The log with one more action, or null once it would pass LAB_LOG_MAX (the stage can then no longer be rebuilt from it). */
export function logAction(log: readonly LabAction[], action: LabAction): LabAction[] | null {
  const last = log[log.length - 1];
  if (last !== undefined && last.do === action.do && SETTERS.has(action.do)) return [...log.slice(0, -1), action];
  return log.length >= LAB_LOG_MAX ? null : [...log, action];
}
