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
import type { ControlPlane } from '../control/index.ts';
import {
  callBinding,
  inputJsonSchema,
  planeCall,
  runOptionsFor,
  runPlaneCall,
  type AskApproval,
  type CallBinding,
  type FrameworkToolsOptions,
} from './planeCall.ts';

// The options every framework adapter shares, which this adapter's options extend: exported so a caller's own
// wrapper can take them.
export type { AskApproval, FrameworkProvider, FrameworkToolsOptions } from './planeCall.ts';

/**
 * agentsTools' options: those of every adapter (FrameworkToolsOptions; `provider` is required here too, as the SDK
 * runs any model behind its `Model` interface), and how a held call is approved.
 */
export interface AgentsToolsOptions extends FrameworkToolsOptions {
  /**
   * Asked when the plane held a call (APPROVAL_REQUIRED): the person who approves the plane's preview, as the server
   * knows them, or null. The adapter then calls `plane.approve(preview, approver)`, which the plane may refuse (four
   * eyes, expiry), and executes again. It may wait for a person: the tool waits with it. It cannot pause the run:
   * what it throws is the SDK's to answer, with its generic tool-error text (docs/frameworks.md#approvals-in-the-agents-sdk).
   */
  askApproval?: AskApproval;
}

/**
 * The SDK's type for a schema given with `strict: false`. Its declarations ask `additionalProperties: true` of one;
 * its runtime sends the schema as it is, and the registry's says `false` where it does.
 */
type NonStrictSchema = Extract<ToolInputParameters, { additionalProperties: true }>;
// Written out in AgentsTool, not named, so its public declaration names only the SDK's types and none of this module's.

/** What `agentsTools` builds for one registry tool: its arguments are the model's JSON, its result the canonical text. */
export type AgentsTool = FunctionTool<unknown, Extract<ToolInputParameters, { additionalProperties: true }>, string>;

/**
 * One Agents SDK function tool per tool of the plane's dispatcher, by the registry's name, with its English title as
 * the description and its input JSON Schema, not strict. The schema is shown to the model but not enforced by the
 * SDK: arguments it would refuse reach the plane, whose gate answers INVALID_ARGUMENTS from the catalog. Build them
 * per request: the principal is the request's.
 *
 * @example
 * ```ts
 * const agentTools = agentsTools(plane, { principal, provider: 'openai', conversation_ref: 'thread-42' });
 * // new Agent({ name: 'billing', tools: agentTools }): approvals go through the plane, never RunState
 * ```
 */
export function agentsTools(plane: ControlPlane, options: AgentsToolsOptions): AgentsTool[] {
  const binding = callBinding('agentsTools', 'openai-agents', plane, options);
  if (options.askApproval !== undefined && typeof options.askApproval !== 'function')
    throw new TypeError('agentsTools: askApproval must be a function');
  return Object.values(plane.dispatcher.tools).map((spec) => agentsTool(plane, spec, binding, options));
}

function agentsTool(plane: ControlPlane, spec: ToolSpec, binding: CallBinding, o: AgentsToolsOptions): AgentsTool {
  const made = tool<NonStrictSchema, unknown, string>({
    name: spec.name,
    description: spec.title,
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
      const execution = await runPlaneCall(
        plane,
        planeCall(binding, spec.name, id, args),
        runOptionsFor(o, id, details?.signal),
      );
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
