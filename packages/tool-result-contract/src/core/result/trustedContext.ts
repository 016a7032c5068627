/**
 * The trusted context (docs/contract.md#the-trusted-context): what the control plane knows about the call
 * independently of the handler. Everything the validator recomputes comes from
 * here, never from the package it is checking.
 */
import { ToolResultContractError } from '../json/index.ts';
import { z } from 'zod/mini';
import { canonicalize } from '../json/canonical.ts';
import { isRfc3339Utc } from '../json/time.ts';
import { contextIssues, type ContextIssue } from '../tables/contextIssues.ts';
import type { JsonValue } from '../json/jsonValue.ts';
import { checkSchema } from '../tables/zodIssues.ts';

// The union is written out, not read off the list, so its public declaration names nothing the package does not
// export; `satisfies` and the check below hold the two to the same names.
export type Delivery = 'fresh' | 'local_replay' | 'receipt_reconciled';
export const DELIVERIES = ['fresh', 'local_replay', 'receipt_reconciled'] as const satisfies readonly Delivery[];
const everyDeliveryListed: [Delivery] extends [(typeof DELIVERIES)[number]] ? true : false = true;
void everyDeliveryListed;

// eslint-disable-next-line no-control-regex -- an identifier with control characters is refused, so they are what this matches
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Every identifier goes into a digest preimage: one the encoder would refuse must be refused here, with a place.
const identifier = z.string().check(
  z.minLength(1),
  z.maxLength(256),
  z.refine((s) => !CONTROL_CHARS.test(s), {
    message: 'control characters are not allowed in an identifier',
    params: { constraint: 'no_control_characters' },
  }),
  z.refine((s) => !LONE_SURROGATE.test(s), {
    message: 'a lone surrogate has no UTF-8 encoding',
    params: { constraint: 'well_formed' },
  }),
);

const isJson = (v: unknown): boolean => {
  try {
    canonicalize(v);
    return true;
  } catch {
    return false;
  }
};

export const TrustedContextSchema = z.strictObject({
  principal: z.strictObject({
    tenant: identifier.check(z.describe('Tenant of the caller. Never shown to the model.')),
    subject: identifier.check(z.describe('Subject (user) of the caller. Never shown to the model.')),
  }),
  call: z.strictObject({
    provider: identifier.check(
      z.describe("Provider of the model turn: openai, anthropic or gemini; mcp for an MCP client's tools/call."),
    ),
    api_family: identifier.check(z.describe('responses, messages, interactions or tools (mcp).')),
    adapter_revision: identifier.check(z.describe('The registered adapter revision for this provider and API.')),
    response_id: identifier.check(z.describe('Provider response (turn) that issued the call.')),
    call_id: identifier.check(
      z.describe('Provider call id: results are paired with calls by this id, never by position.'),
    ),
    operation_id: identifier.check(z.describe('Dispatcher operation id.')),
    idempotency_key: identifier.check(
      z.describe('Execution identity for retries; bound by call_binding_sha256, not by request_sha256.'),
    ),
  }),
  tool: identifier,
  arguments: z
    .unknown()
    .check(z.refine(isJson, { message: 'arguments must be plain JSON data', params: { constraint: 'json_data' } })),
  delivery: z.enum(DELIVERIES),
  now: z.string().check(
    z.refine(isRfc3339Utc, {
      message: 'now must be UTC RFC 3339 with Z, e.g. 2026-07-19T00:00:00Z',
      params: { constraint: 'rfc3339_utc' },
    }),
  ),
  key: z.optional(
    z.strictObject({
      id: identifier,
      secret: z.string().check(z.regex(/^(?:[0-9a-fA-F]{2}){32,}$/, 'secret must be hex, at least 32 bytes')),
    }),
  ),
});

export interface TrustedContext {
  principal: { tenant: string; subject: string };
  call: {
    provider: string;
    api_family: string;
    adapter_revision: string;
    response_id: string;
    call_id: string;
    operation_id: string;
    idempotency_key: string;
  };
  tool: string;
  arguments: JsonValue;
  delivery: Delivery;
  now: string;
  key?: { id: string; secret: string };
}

export type { ContextIssue };

/**
 * A trusted context that is itself malformed is the caller's bug, not the handler's: it is refused, never guessed.
 *
 * @example
 * ```ts
 * try {
 *   project(handlerOutput, { ...trusted, now: 'yesterday' }, tools);
 * } catch (e) {
 *   if (e instanceof TrustedContextError) console.error(e.message);
 * }
 * ```
 */
export class TrustedContextError extends ToolResultContractError {
  override readonly name = 'TrustedContextError';
  readonly code = 'TRUSTED_CONTEXT_INVALID';
  constructor(readonly issues: ContextIssue[]) {
    super(`invalid trusted context: ${issues.map((i) => `${i.path || '/'}: ${i.message}`).join('; ')}`);
  }
}

/**
 * Checks a trusted context and returns a copy the caller owns: zod copies the
 * objects it checks but hands `arguments` back as given, so that is copied too
 * (a later change to the caller's object never reaches the parsed one).
 *
 * @example
 * ```ts
 * const parsed = parseTrustedContext(JSON.parse('{"tool":"get_invoice"}'));
 * if (!parsed.ok) console.error(parsed.issues.map((i) => `${i.path}: ${i.message}`));
 * ```
 */
// The verdict is written out rather than named: it is this function's alone, and the root has no room for its name.
export function parseTrustedContext(
  value: unknown,
): { ok: true; value: TrustedContext } | { ok: false; issues: ContextIssue[] } {
  const r = checkSchema(TrustedContextSchema, value);
  if (r.success)
    return { ok: true, value: { ...r.data, arguments: structuredClone(r.data.arguments) } as TrustedContext };
  return {
    ok: false,
    issues: contextIssues(r.error),
  };
}

export function assertTrustedContext(value: unknown): TrustedContext {
  const r = parseTrustedContext(value);
  if (!r.ok) throw new TrustedContextError(r.issues);
  return r.value;
}
