/**
 * The idempotency key of a call whose dispatcher gave none (docs/control-plane.md#turns). The model
 * never sees a key and a stream's call ids are not known before the stream, so the key names the
 * intent: the principal, the tool and the runtime's `idempotency_fields` of the parsed arguments (all
 * of them when the runtime names none). A model that asks again for the same refund with its
 * free-text reason reworded names the same intent and finds the first record, whose fingerprint then
 * differs: `IDEMPOTENCY_CONFLICT`, never a second refund.
 */
import { principalRef, type Dispatcher } from '../core/index.ts';
import { checkSchema } from '../core/tables/index.ts';
import { H } from '../core/result/index.ts';
import type { Principal } from './planeTypes.ts';
import type { ToolRuntime } from './runtime.ts';

export interface IntentKeyOptions {
  dispatcher: Dispatcher;
  runtimes: Readonly<Record<string, ToolRuntime>>;
  /** The plane's key in keyed mode: the key is then an HMAC, as every digest is. */
  key?: { id: string; secret: string } | undefined;
}

/**
 * `ik_` + H(`tool-idempotency-key/v1`, { principal_ref, tool, fields, intent_ref? }): what `executeTurn` and `execute`
 * give a call that carries no key; `intent_ref` (the caller's id for one business intent) only when given. Arguments that are not JSON (a non-finite number, a cycle) cannot name an intent: the canonicalizer's
 * CanonicalizationError is thrown, with the pointer to the value (a stream's arguments are always JSON).
 *
 * @example
 * ```ts
 * const key = intentKey({ dispatcher, runtimes }, principal, 'issue_refund', { invoice_ref: 'INV-42', amount_cents: 500 });
 * // the same intent asked again, by any process, gets the same key: the refund runs once
 * ```
 */
export function intentKey(
  o: IntentKeyOptions,
  principal: Principal,
  tool: string,
  args: unknown,
  intent_ref?: string,
): string {
  const spec = Object.hasOwn(o.dispatcher.tools, tool) ? o.dispatcher.tools[tool] : undefined;
  const parsed = spec === undefined ? null : checkSchema(spec.input, args);
  // The parsed arguments: the key is the intent's, not the bytes', so a default the schema fills in counts.
  const given = parsed?.success === true ? parsed.data : args;
  const names = Object.hasOwn(o.runtimes, tool) ? o.runtimes[tool]?.idempotency_fields : undefined;
  const fields =
    names === undefined || typeof given !== 'object' || given === null
      ? given
      : pick(given as Record<string, unknown>, names);
  const named = { principal_ref: principalRef(principal, o.key), tool, fields: fields ?? null };
  // Mixed in only when given, so that a key derived without one is the key it always was.
  return `ik_${H('tool-idempotency-key/v1', intent_ref === undefined ? named : { ...named, intent_ref }, o.key)}`;
}

function pick(args: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const n of names) if (Object.hasOwn(args, n)) out[n] = args[n];
  return out;
}
