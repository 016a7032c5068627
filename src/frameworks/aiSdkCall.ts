/**
 * One AI SDK tool call bound to what the project trusts (docs/frameworks.md#what-a-call-is-bound-to): only the
 * tool's name, the call id and the arguments come from the framework; the principal, the provider the model speaks
 * and the response id are the server's. No idempotency key is set, so the plane derives the intent's
 * (docs/control-plane.md#turns), `intent_ref` mixed in: the same refund asked twice, in one step or a later turn,
 * names one record.
 */
import { findAdapter } from '../core/index.ts';
import { H } from '../core/result/index.ts';
import type { PlaneCall, Principal } from '../control/index.ts';

/** The registered last hops a model behind the AI SDK can speak: reconcileTranscript reads their request bodies. */
export type AiSdkProvider = 'openai' | 'anthropic' | 'gemini';

export interface AiSdkBinding {
  principal: Principal;
  provider: AiSdkProvider;
  response_id: string;
  intent_ref?: string;
}

/**
 * The plane call for one tool call. The operation id is executeTurn's derivation (`op_` + H over the response and
 * call ids), unkeyed: the adapter never holds the plane's key, and an operation id is an identifier, not a secret.
 */
export function aiSdkPlaneCall(b: AiSdkBinding, tool: string, toolCallId: string, args: unknown): PlaneCall {
  const adapter = findAdapter(b.provider);
  return {
    principal: { tenant: b.principal.tenant, subject: b.principal.subject },
    call: {
      provider: adapter.provider,
      api_family: adapter.api_family,
      adapter_revision: adapter.adapter_revision,
      response_id: b.response_id,
      call_id: toolCallId,
      operation_id: `op_${H('tool-operation-id/v1', { response_id: b.response_id, call_id: toolCallId }, undefined)}`,
    },
    tool,
    // The SDK hands over what its (permissive) schema let through: JSON parsed from the model's text.
    arguments: args,
    ...(b.intent_ref === undefined ? {} : { intent_ref: b.intent_ref }),
  };
}

/**
 * Nothing in the AI SDK hands a tool the provider's response id, so the adapter makes one per `aiSdkTools` call
 * unless the caller names one (its request or conversation-turn id): `ai-sdk-` and a random UUID.
 */
export function newResponseId(): string {
  return `ai-sdk-${globalThis.crypto.randomUUID()}`;
}
