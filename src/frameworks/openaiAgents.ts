/**
 * The door of `tool-result-contract/openai-agents` (docs/frameworks.md, the OpenAI Agents SDK): a control plane's
 * tools as the Agents SDK's function tools, for `new Agent({ tools })` and `run`. Each call is the plane's `execute`
 * — the contract, the idempotency record, the approval, the audit entry — bound to the SDK's call id and abort
 * signal, and each tool returns `model_result`'s canonical text as a string, which the SDK sends as the function
 * call's output as it is: the bytes the result digest covers. Nothing of `protected_audit` enters the run's items.
 * `@openai/agents-core` is the caller's (`@openai/agents` re-exports it), an optional peer (^0.20): this module
 * imports only its `tool` helper and types.
 *
 * @example
 * const agent = new Agent({ name: 'Billing', instructions, tools: agentsTools(plane, { principal, provider: 'openai', intent_ref: ticket.id }) });
 */
import { tool, type FunctionTool, type RunContext, type ToolInputParameters } from '@openai/agents-core';
import { canonicalize, type ToolSpec } from '../core/index.ts';
import type { Approval, ControlPlane, Execution, Preview, Principal } from '../control/index.ts';
import {
  checkBinding,
  inputJsonSchema,
  newResponseId,
  planeCall,
  runPlaneCall,
  type CallBinding,
  type FrameworkProvider,
} from './planeCall.ts';

export interface AgentsToolsOptions {
  /** Who the tools act for (your authenticated user or service), never read from the messages. */
  principal: Principal;
  /**
   * The provider the agent's model speaks. The Agents SDK runs OpenAI's Responses API by default but any model
   * behind its `Model` interface, and nothing in it tells a tool which: every call's binding and audit entry name
   * it, and reconcileTranscript matches that provider's request bodies to the entries. So it is required.
   */
  provider: FrameworkProvider;
  /** One business intent (a ticket, a thread): mixed into every derived idempotency key (PlaneCall.intent_ref). */
  intent_ref?: string;
  /**
   * The conversation the calls belong to (PlaneCall.conversation_ref, docs/argument-provenance.md): the plane notes
   * what the model read in the results and holds a sensitive argument whose value it read only there.
   */
  conversation_ref?: string;
  /** The response id the calls are bound to (your run's or turn's id); default: one `openai-agents-<uuid>` per call of agentsTools. */
  response_id?: string;
  /** Approvals made beforehand with `plane.approve` (a supervisor, out of band): each used for the request digest it names. */
  approvals?: readonly Approval[];
  /**
   * Asked when the plane held a call (APPROVAL_REQUIRED): the person who approves the plane's preview, as the server
   * knows them, or null. The adapter then calls `plane.approve(preview, approver)`, which the plane may refuse (four
   * eyes, expiry), and executes again. It may wait for a person: the tool waits with it. It cannot pause the run:
   * what it throws is the SDK's to answer, with its generic tool-error text (docs/frameworks.md#approvals-in-the-agents-sdk).
   */
  askApproval?: (preview: Preview, callId: string) => Principal | null | Promise<Principal | null>;
  /** Each execution as the plane returned it, whole (`protected_audit`, a preview): the server's, never the model's. */
  onExecution?: (execution: Execution, callId: string) => void | Promise<void>;
}

/**
 * The SDK's type for a schema given with `strict: false`. Its declarations ask `additionalProperties: true` of one;
 * its runtime sends the schema as it is, and the registry's says `false` where it does.
 */
type NonStrictSchema = Extract<ToolInputParameters, { additionalProperties: true }>;

/** What `agentsTools` builds for one registry tool: its arguments are the model's JSON, its result the canonical text. */
export type AgentsTool = FunctionTool<unknown, NonStrictSchema, string>;

/**
 * One Agents SDK function tool per tool of the plane's dispatcher, by the registry's name, with its English title as
 * the description and its input JSON Schema, not strict. The schema is shown to the model but not enforced by the
 * SDK: arguments it would refuse reach the plane, whose gate answers INVALID_ARGUMENTS from the catalog. Build them
 * per request: the principal is the request's.
 */
export function agentsTools(plane: ControlPlane, options: AgentsToolsOptions): AgentsTool[] {
  checkBinding('agentsTools', plane, options);
  if (options.askApproval !== undefined && typeof options.askApproval !== 'function')
    throw new TypeError('agentsTools: askApproval must be a function');
  const binding: CallBinding = {
    principal: options.principal,
    provider: options.provider,
    response_id: options.response_id ?? newResponseId('openai-agents'),
    ...(options.intent_ref === undefined ? {} : { intent_ref: options.intent_ref }),
    ...(options.conversation_ref === undefined ? {} : { conversation_ref: options.conversation_ref }),
  };
  return Object.values(plane.dispatcher.tools).map((spec) => agentsTool(plane, spec, binding, options));
}

function agentsTool(plane: ControlPlane, spec: ToolSpec, binding: CallBinding, o: AgentsToolsOptions): AgentsTool {
  const ask = o.askApproval;
  const made = tool<NonStrictSchema, unknown, string>({
    name: spec.name,
    description: spec.title.en,
    // Not strict: the SDK would rewrite the schema for OpenAI's strict mode (every property required, nullable
    // where optional). A plain JSON Schema given with `strict: false` is sent as it is and parsed with JSON.parse
    // only (getSchemaAndParserFromInputType, @openai/agents-core/dist/utils/tools.mjs): nothing is validated.
    // A copy of its own enumerable members: Zod's toJSONSchema leaves its Standard Schema (`~standard`, not
    // enumerable) on the object it returns, which tool() would take for a schema to validate with.
    parameters: { ...inputJsonSchema(spec) } as NonStrictSchema,
    strict: false,
    // `args` is the model's argument text through JSON.parse; text that does not parse never gets here: the Runner
    // answers it itself before any tool is invoked (docs/frameworks.md#what-the-agents-sdk-does-by-itself).
    async execute(args: unknown, _context?: RunContext<unknown>, details?): Promise<string> {
      // The call id is the provider's, from the function call the Runner hands the tool. Invoked without one,
      // there is nothing to bind the result to: a wiring bug, thrown before anything runs. tool() answers every
      // throw (this one, a package that fails validation, the plane's PlaneCallError) with its generic error text.
      const id = details?.toolCall?.callId;
      if (typeof id !== 'string' || id.length === 0)
        throw new TypeError(`agentsTools: invoke ${spec.name} with details.toolCall { callId }`);
      const execution = await runPlaneCall(plane, planeCall(binding, spec.name, id, args), {
        signal: details?.signal,
        approvals: o.approvals,
        approver: ask && ((preview) => ask(preview, id)),
        onExecution: o.onExecution && ((e) => o.onExecution?.(e, id)),
      });
      // A string is the function call's output as it is ({ type: 'text', text }, getToolCallOutputItem in
      // @openai/agents-core/dist/runner/toolExecution.mjs); an object would be turned into text by toSmartString,
      // not canonicalized.
      return canonicalize(execution.pkg.model_result);
    },
  });
  // tool() makes a name of [A-Za-z0-9_] (toFunctionToolName): a registry name with `-` would reach the model, the
  // Runner's lookup and the transcript rewritten. The tool keeps the registry's exact name.
  return { ...made, name: spec.name };
}
