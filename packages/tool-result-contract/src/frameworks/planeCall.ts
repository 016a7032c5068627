/**
 * What every framework adapter does around `plane.execute` (docs/frameworks.md#what-a-call-is-bound-to), shared so
 * that the AI SDK's and LangChain's tools bind, approve and check a call the same way. Only the tool's name, the call
 * id and the arguments come from the framework; the principal, the provider the model speaks, the response id, the
 * intent and the conversation are the server's. No idempotency key is set, so the plane derives the intent's
 * (docs/control-plane.md#turns), `intent_ref` mixed in: the same refund asked twice, in one step or a later turn,
 * names one record.
 */
import { toJSONSchema } from 'zod';
import { AdapterRefusedError, findAdapter, type ToolSpec } from '../core/index.ts';
import { H } from '../core/result/index.ts';
import type { Approval, ControlPlane, Execution, PlaneCall, Preview, Principal } from '../control/index.ts';

/** The registered last hops a model behind a framework can speak: reconcileTranscript reads their request bodies. */
export type FrameworkProvider = 'openai' | 'anthropic' | 'gemini';

/** The options every adapter's factory takes (aiSdkTools, langchainTools, agentsTools), each said once here. */
export interface FrameworkToolsOptions {
  /** Who the tools act for (your authenticated user or service), never read from the messages. */
  principal: Principal;
  /**
   * The provider the model speaks. Nothing in a framework tells a tool which it is, and every call's binding and
   * audit entry name it: reconcileTranscript matches that provider's request bodies to the entries.
   */
  provider: FrameworkProvider;
  /** One business intent (a ticket, a thread): mixed into every derived idempotency key (PlaneCall.intent_ref). */
  intent_ref?: string;
  /**
   * The conversation the calls belong to (PlaneCall.conversation_ref, docs/argument-provenance.md): the plane notes
   * what the model read in the results and holds a sensitive argument whose value it read only there.
   */
  conversation_ref?: string;
  /** The response id the calls are bound to (your request's or turn's id); default: one `<adapter>-<uuid>` per factory call. */
  response_id?: string;
  /** Approvals made beforehand with `plane.approve` (a supervisor, out of band): each used for the request digest it names. */
  approvals?: readonly Approval[];
  /** Each execution as the plane returned it, whole (`protected_audit`, a preview): the server's, never the model's. */
  onExecution?: (execution: Execution, callId: string) => void | Promise<void>;
}

/** What one adapter call binds every tool call to: the server's, never the messages'. */
export interface CallBinding {
  principal: Principal;
  provider: FrameworkProvider;
  response_id: string;
  intent_ref?: string;
  conversation_ref?: string;
}

/**
 * The plane call for one tool call. The operation id is executeTurn's derivation (`op_` + H over the response and
 * call ids), unkeyed: the adapter never holds the plane's key, and an operation id is an identifier, not a secret.
 */
export function planeCall(b: CallBinding, tool: string, callId: string, args: unknown): PlaneCall {
  const adapter = findAdapter(b.provider);
  return {
    principal: { tenant: b.principal.tenant, subject: b.principal.subject },
    call: {
      provider: adapter.provider,
      api_family: adapter.api_family,
      adapter_revision: adapter.adapter_revision,
      response_id: b.response_id,
      call_id: callId,
      operation_id: `op_${H('tool-operation-id/v1', { response_id: b.response_id, call_id: callId }, undefined)}`,
    },
    tool,
    // The framework hands over what its (permissive) schema let through: JSON parsed from the model's text.
    arguments: args,
    ...(b.intent_ref === undefined ? {} : { intent_ref: b.intent_ref }),
    ...(b.conversation_ref === undefined ? {} : { conversation_ref: b.conversation_ref }),
  };
}

/**
 * No framework hands a tool the provider's response id, so an adapter makes one per call of its factory unless the
 * caller names one (its request or conversation-turn id): the adapter's prefix and a random UUID.
 */
export function newResponseId(prefix: string): string {
  return `${prefix}-${globalThis.crypto.randomUUID()}`;
}

export interface RunOptions {
  /** The framework's abort signal: it reaches the plane and the handler's own signal. */
  signal?: AbortSignal | undefined;
  /** Approvals made beforehand with `plane.approve`, each used for the request digest it names. */
  approvals?: readonly Approval[] | undefined;
  /**
   * The person who says yes to the plane's preview, asked only when the plane held the call. Whatever it throws
   * is the caller's and passes through untouched (LangGraph's interrupt() pauses a run by throwing).
   */
  approver?: ((preview: Preview) => Principal | null | Promise<Principal | null>) | undefined;
  onExecution?: ((execution: Execution) => void | Promise<void>) | undefined;
}

/**
 * One call through the plane: executed, approved and executed again where an approval is at hand, handed to
 * `onExecution`, and validated again as every last hop does. A package that fails is thrown (its violation codes
 * only): the framework answers a throw with its own error text, and the model never reads an unchecked result.
 */
export async function runPlaneCall(plane: ControlPlane, call: PlaneCall, o: RunOptions): Promise<Execution> {
  const signal = o.signal === undefined ? undefined : { signal: o.signal };
  let execution = await plane.execute(call, signal);
  const approval = execution.preview === undefined ? null : await approvalFor(plane, execution.preview, o);
  if (approval !== null) execution = await plane.execute({ ...call, approval }, signal);
  if (o.onExecution !== undefined) await o.onExecution(execution);
  const verdict = plane.dispatcher.validateResult(execution.pkg, execution.trusted);
  if (!verdict.ok) throw new AdapterRefusedError(verdict.violations);
  return execution;
}

/**
 * The approval for a call the plane held: one made beforehand for this very request digest, or the approver's yes
 * to the plane's own preview. A framework's "approved" never counts by itself: the plane issued the preview for
 * these arguments and decides whether this approver may (four eyes, expiry).
 */
async function approvalFor(
  plane: ControlPlane,
  preview: Preview,
  o: RunOptions,
): Promise<{ approval_id: string } | null> {
  const made = o.approvals?.find((a) => a.request_sha256 === preview.request_sha256 && a.tool === preview.tool);
  if (made !== undefined) return { approval_id: made.approval_id };
  if (o.approver === undefined) return null;
  const approver = await o.approver(preview);
  if (approver === null) return null;
  try {
    const approval = await plane.approve(preview, approver);
    return { approval_id: approval.approval_id };
  } catch {
    // Refused (the agent's own principal, an expired preview, a store that hangs): the model reads APPROVAL_REQUIRED.
    return null;
  }
}

/** JSON Schema dialects a framework may ask for; every other target gets draft 2020-12. */
type SchemaTarget = 'draft-07' | 'draft-2020-12' | 'openapi-3.0';

/** The registry's input schema as JSON Schema, as `tools/list` gives it over MCP (src/core/mcp/toolDefinition.ts). */
export function inputJsonSchema(spec: ToolSpec, target: SchemaTarget = 'draft-2020-12'): Record<string, unknown> {
  return toJSONSchema(spec.input, { target, io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

export const isPrincipal = (p: unknown): p is Principal =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as Principal).tenant === 'string' &&
  typeof (p as Principal).subject === 'string';

/**
 * The binding of one factory call (`who`, e.g. 'aiSdkTools'), its options refused at once (a wiring bug) rather than
 * at the first call; the response id made with `who`'s prefix unless the caller names one.
 */
export function callBinding(who: string, prefix: string, plane: ControlPlane, o: FrameworkToolsOptions): CallBinding {
  if (typeof plane?.execute !== 'function' || typeof plane.dispatcher?.tools !== 'object')
    throw new TypeError(`${who}: plane must be made by createControlPlane`);
  if (!isPrincipal(o?.principal)) throw new TypeError(`${who}: principal must be { tenant, subject }`);
  if (!['openai', 'anthropic', 'gemini'].includes(o.provider as string))
    throw new TypeError(`${who}: provider must be "openai", "anthropic" or "gemini"`);
  return {
    principal: o.principal,
    provider: o.provider,
    response_id: o.response_id ?? newResponseId(prefix),
    ...(o.intent_ref === undefined ? {} : { intent_ref: o.intent_ref }),
    ...(o.conversation_ref === undefined ? {} : { conversation_ref: o.conversation_ref }),
  };
}

/** Who approves a call the plane held, asked with the plane's preview and the framework's call id (LangChain, Agents SDK). */
export type AskApproval = (preview: Preview, callId: string) => Principal | null | Promise<Principal | null>;

/** The run options of one tool call: the factory's approvals and callbacks, bound to the framework's call id. */
export function runOptionsFor(
  o: FrameworkToolsOptions & { askApproval?: AskApproval | undefined },
  callId: string,
  signal: AbortSignal | undefined,
): RunOptions {
  const { askApproval: ask, onExecution } = o;
  return {
    signal,
    approvals: o.approvals,
    approver: ask && ((preview) => ask(preview, callId)),
    onExecution: onExecution && ((e) => onExecution(e, callId)),
  };
}
