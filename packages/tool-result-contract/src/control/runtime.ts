/**
 * A tool's runtime (docs/control-plane.md#runtimes): the trusted code that
 * runs a handler and, for a write, asks the downstream what became of an
 * attempt. The plane never trusts what a runtime does with its promises: it
 * may never settle, settle twice, throw a string or answer garbage; each is
 * turned into a catalog answer by the plane.
 */
import type { ToolRegistry } from '../core/tables/index.ts';
import type { ToolSpec } from '../core/tables/index.ts';
import { ControlPlaneConfigError } from './controlPlaneErrors.ts';

export interface RunContext {
  operation_id: string;
  /**
   * Give it to the downstream: one that deduplicates by it (as payment APIs do) adds a second guard. The plane's
   * own promise — one side effect per intent — does not rest on it (docs/control-plane.md#in-flight-writes).
   */
  idempotency_key: string;
  /** 1 for the first run of this execute. */
  attempt: number;
  /** Aborts at the deadline (a status query: at its own bound). */
  signal: AbortSignal;
}

export type StatusAnswer =
  { state: 'committed'; handler_output: unknown } | { state: 'not_started' } | { state: 'unknown' };

export interface ToolRuntime {
  /** The handler: its answer is a handler output (docs/contract.md), checked like any other. */
  run(args: unknown, ctx: RunContext): Promise<unknown> | unknown;
  /** Required for every write tool: the downstream's word on what an earlier attempt did. */
  queryStatus?(ctx: RunContext): Promise<StatusAnswer> | StatusAnswer;
  /** Pause for a person before any run. */
  approval?: 'required';
  /** The arguments that name the intent (all, if absent): what the turn's derived key is made of. */
  idempotency_fields?: readonly string[];
  deadline_ms?: number;
  /**
   * The top-level arguments a person must confirm when their value reached the model only inside a result's data
   * (docs/argument-provenance.md): a payment's recipient, a new password, an e-mail's address. Such a call, made with
   * a `conversation_ref`, is held APPROVAL_REQUIRED, its preview naming the argument and the call it came from.
   */
  trusted_arguments?: readonly string[];
  /**
   * Required for a write: how long a request this runtime sent may still land downstream after its signal aborted
   * it (the downstream's worst latency). Until then no status answer can say the run did not start, so the plane
   * keeps the record `unknown`; the lease must cover the deadline plus this (docs/control-plane.md#in-flight-writes).
   */
  landing_ms?: number;
}

export type Runtimes = Readonly<Record<string, ToolRuntime>>;

/** Refuse, by name, a runtime for no tool, a tool without one, and a write without `queryStatus`. */
export function checkRuntimes(runtimes: unknown, tools: ToolRegistry): Runtimes {
  if (typeof runtimes !== 'object' || runtimes === null)
    throw new ControlPlaneConfigError('runtimes', 'must be an object of runtimes by tool name');
  const given = runtimes as Record<string, unknown>;
  for (const name of Object.keys(given))
    if (!Object.hasOwn(tools, name))
      throw new ControlPlaneConfigError(`runtimes.${name}`, 'is for a tool the dispatcher does not know');
  const out: Record<string, ToolRuntime> = Object.create(null) as Record<string, ToolRuntime>;
  for (const [name, spec] of Object.entries(tools)) {
    const r = Object.hasOwn(given, name) ? given[name] : undefined;
    if (typeof r !== 'object' || r === null)
      throw new ControlPlaneConfigError(`runtimes.${name}`, 'is missing: every tool of the dispatcher needs a runtime');
    const rt = r as Partial<ToolRuntime>;
    if (typeof rt.run !== 'function') throw new ControlPlaneConfigError(`runtimes.${name}.run`, 'must be a function');
    if (spec.effect === 'write' && typeof rt.queryStatus !== 'function')
      throw new ControlPlaneConfigError(
        `runtimes.${name}.queryStatus`,
        'is required for a write tool: without it an unknown outcome can never be settled',
      );
    if (rt.queryStatus !== undefined && typeof rt.queryStatus !== 'function')
      throw new ControlPlaneConfigError(`runtimes.${name}.queryStatus`, 'must be a function');
    if (rt.approval !== undefined && rt.approval !== 'required')
      throw new ControlPlaneConfigError(`runtimes.${name}.approval`, 'must be "required" or absent');
    if (rt.deadline_ms !== undefined && !(Number.isSafeInteger(rt.deadline_ms) && rt.deadline_ms > 0))
      throw new ControlPlaneConfigError(`runtimes.${name}.deadline_ms`, 'must be a positive integer of milliseconds');
    if (spec.effect === 'write' && rt.landing_ms === undefined)
      throw new ControlPlaneConfigError(
        `runtimes.${name}.landing_ms`,
        'is required for a write tool: how long a request it sent may still land after its signal aborted it ' +
          "(its downstream's worst latency), so that no status query can release a run still on its way",
      );
    if (rt.landing_ms !== undefined && !(Number.isSafeInteger(rt.landing_ms) && rt.landing_ms >= 0))
      throw new ControlPlaneConfigError(
        `runtimes.${name}.landing_ms`,
        'must be a non-negative integer of milliseconds',
      );
    if (
      rt.idempotency_fields !== undefined &&
      !(Array.isArray(rt.idempotency_fields) && rt.idempotency_fields.every((f) => typeof f === 'string'))
    )
      throw new ControlPlaneConfigError(`runtimes.${name}.idempotency_fields`, 'must be a list of argument names');
    checkTrustedArguments(name, rt.trusted_arguments, spec);
    out[name] = Object.freeze({
      ...rt,
      ...(rt.trusted_arguments === undefined ? {} : { trusted_arguments: Object.freeze([...rt.trusted_arguments]) }),
    }) as ToolRuntime;
  }
  return Object.freeze(out);
}

/** Names of the input schema's own members, each once: a misspelt name would protect nothing, silently. */
function checkTrustedArguments(name: string, given: unknown, spec: ToolSpec): void {
  if (given === undefined) return;
  const at = `runtimes.${name}.trusted_arguments`;
  if (!Array.isArray(given) || !given.every((a) => typeof a === 'string'))
    throw new ControlPlaneConfigError(at, 'must be a list of argument names');
  const shape = (spec.input as { _zod?: { def?: { shape?: Record<string, unknown> } } })._zod?.def?.shape ?? {};
  for (const a of given as string[]) {
    if (!Object.hasOwn(shape, a))
      throw new ControlPlaneConfigError(
        at,
        `names ${JSON.stringify(a)}, which is not an argument of ${name}'s input schema`,
      );
  }
  if (new Set(given).size !== given.length) throw new ControlPlaneConfigError(at, 'names an argument twice');
}
