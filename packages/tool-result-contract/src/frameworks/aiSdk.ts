/**
 * The door of `tool-result-contract/ai-sdk` (docs/frameworks.md): a control plane's tools as the Vercel AI SDK's
 * `ToolSet`, for `generateText` and `streamText`. Each tool's `execute` is the plane's `execute` — the contract, the
 * idempotency record, the approval, the audit entry — and its `toModelOutput` hands the model `model_result`'s
 * canonical text, the bytes the result digest covers; nothing of `protected_audit` enters the SDK's results.
 * `ai` is the caller's, an optional peer (^6): this module imports only its `jsonSchema` helper and types.
 *
 * @example
 * const result = await generateText({ model, tools: aiSdkTools(plane, { principal, provider: 'openai' }), prompt, stopWhen: stepCountIs(5) });
 */
import { jsonSchema, type JSONSchema7, type Tool, type ToolExecutionOptions } from 'ai';
import { canonicalize, type ModelResult, type ToolSpec } from '../core/index.ts';
import type { ControlPlane, Principal } from '../control/index.ts';
import {
  callBinding,
  inputJsonSchema,
  isPrincipal,
  planeCall,
  runOptionsFor,
  runPlaneCall,
  type CallBinding,
  type FrameworkProvider,
  type FrameworkToolsOptions,
} from './planeCall.ts';

// The options every framework adapter shares, which this adapter's options extend: exported so a caller's own
// wrapper can take them.
export type { FrameworkProvider, FrameworkToolsOptions } from './planeCall.ts';

/** The registered last hops a model behind the AI SDK can speak: reconcileTranscript reads their request bodies. */
export type AiSdkProvider = FrameworkProvider;

/** aiSdkTools' options: those of every adapter (FrameworkToolsOptions), and the person who answers the SDK's approvals. */
export interface AiSdkToolsOptions extends FrameworkToolsOptions {
  /**
   * The person who answers the SDK's approval requests in this request, as the server knows them. Given, each tool
   * whose runtime requires approval gets `needsApproval: true`, and the client's "approved" becomes
   * `plane.approve(the plane's own preview, approver)`, which the plane may refuse (four eyes, expiry). Left out,
   * the plane answers APPROVAL_REQUIRED as the tool's result.
   */
  approver?: Principal;
}

/** What `aiSdkTools` builds for one registry tool: its output is the `model_result`, its model output that as canonical text. */
export type AiSdkTool = Tool<unknown, ModelResult>;

/**
 * One AI SDK tool per tool of the plane's dispatcher, by the registry's name, with its English title as the
 * description and its input JSON Schema. The schema is shown to the model but not enforced by the SDK: arguments it
 * would refuse reach the plane, whose gate answers INVALID_ARGUMENTS from the catalog (docs/frameworks.md).
 *
 * @example
 * ```ts
 * const refundTools = aiSdkTools(plane, { principal, provider: 'openai', conversation_ref: 'thread-42' });
 * // generateText({ model, tools: refundTools, prompt }): each call runs through the plane; the model reads model_result
 * ```
 */
export function aiSdkTools(plane: ControlPlane, options: AiSdkToolsOptions): Record<string, AiSdkTool> {
  const binding = callBinding('aiSdkTools', 'ai-sdk', plane, options);
  if (options.approver !== undefined && !isPrincipal(options.approver))
    throw new TypeError('aiSdkTools: approver must be { tenant, subject }');
  const tools: Record<string, AiSdkTool> = {};
  for (const spec of Object.values(plane.dispatcher.tools)) tools[spec.name] = aiSdkTool(plane, spec, binding, options);
  return tools;
}

function aiSdkTool(plane: ControlPlane, spec: ToolSpec, binding: CallBinding, o: AiSdkToolsOptions): AiSdkTool {
  const paused = o.approver !== undefined && plane.approvalRequired(spec.name);
  return {
    description: spec.title,
    // No `validate`: the SDK then passes the parsed JSON on as it is (its safeValidateTypes), and the plane decides.
    inputSchema: jsonSchema<unknown>(inputJsonSchema(spec) as JSONSchema7),
    ...(paused ? { needsApproval: true } : {}),
    async execute(args: unknown, { toolCallId, abortSignal }: ToolExecutionOptions): Promise<ModelResult> {
      // The SDK resumed a paused call only after the client's "approved": the approver's yes goes to the plane's own
      // preview, which the plane may refuse. Without the SDK's pause, only approvals made beforehand count.
      const askApproval = paused ? () => o.approver ?? null : undefined;
      const execution = await runPlaneCall(
        plane,
        planeCall(binding, spec.name, toolCallId, args),
        runOptionsFor({ ...o, askApproval }, toolCallId, abortSignal),
      );
      // runPlaneCall validated the package again: one that fails is thrown, and the SDK answers the throw with its
      // own tool-error text, which names only the violation codes.
      return execution.pkg.model_result;
    },
    // The SDK's `json` output would be re-serialized by each provider package; text is sent as it is.
    toModelOutput: ({ output }) => ({ type: 'text', value: canonicalize(output) }),
  };
}
