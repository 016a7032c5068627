/**
 * The dispatcher's turn context, `T.json` (docs/turn-contract.md#the-turn-command). What the stream cannot
 * say and the model must never choose: the principal, the clock, the audit
 * key, and for each call id its operation id, idempotency key and delivery.
 * `history` is what the first request sent (its `input` or `messages`),
 * replayed by the stateless continuation. `response_ref` is the dispatcher's
 * own id for the request, bound where the provider gave no response id.
 */
import { z } from 'zod/mini';
import type { Delivery } from '../result/trustedContext.ts';
import { TrustedContextSchema } from '../result/trustedContext.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import { contextIssues } from '../tables/contextIssues.ts';
import { checkSchema } from '../tables/zodIssues.ts';

const trusted = TrustedContextSchema.shape;

/**
 * The zod schema of a {@link TurnContext}, strict: a member it does not list is refused.
 *
 * @example
 * ```ts
 * const checked = TurnContextSchema.safeParse(received); // or parseTurnContext(received), its issues by path
 * if (!checked.success) console.error(checked.error.issues);
 * ```
 */
export const TurnContextSchema = /* @__PURE__ */ z.strictObject({
  principal: trusted.principal,
  now: trusted.now,
  key: trusted.key,
  calls: z.record(
    z.string(),
    z.strictObject({
      operation_id: trusted.call.shape.operation_id,
      idempotency_key: trusted.call.shape.idempotency_key,
      delivery: z.optional(trusted.delivery),
    }),
  ),
  history: z.array(z.unknown()),
  response_ref: z.optional(trusted.call.shape.response_id),
});

export interface TurnContext {
  principal: { tenant: string; subject: string };
  now: string;
  key?: { id: string; secret: string };
  calls: Record<string, { operation_id: string; idempotency_key: string; delivery?: Delivery }>;
  history: JsonValue[];
  /**
   * The id the dispatcher gave the request (docs/turn-contract.md#the-input-gate), the calls' trusted
   * `response_id` where the provider gave none: a Gemini interaction with the
   * empty id (`store: false`). Required then; unused otherwise.
   */
  response_ref?: string;
}

/**
 * A turn context from untrusted JSON: the value, or each issue with its JSON Pointer. It never throws.
 *
 * @example
 * ```ts
 * const parsed = parseTurnContext(received);
 * if (!parsed.ok) console.error(parsed.issues.map((i) => `${i.path}: ${i.message}`));
 * ```
 */
export function parseTurnContext(
  value: unknown,
): { ok: true; value: TurnContext } | { ok: false; issues: { path: string; message: string }[] } {
  const r = checkSchema(TurnContextSchema, value);
  if (r.success) return { ok: true, value: r.data as TurnContext };
  return {
    ok: false,
    issues: contextIssues(r.error),
  };
}
