/**
 * The door of `tool-result-contract/langchain` (docs/frameworks.md, LangChain): a control plane's tools as LangChain
 * structured tools, for `bindTools`, LangGraph's `ToolNode` and `createAgent`. Each call is the plane's `execute` —
 * the contract, the idempotency record, the approval, the audit entry — bound to the framework's tool call id and
 * abort signal. Each tool answers `content_and_artifact`: the content is `model_result`'s canonical text, the bytes
 * the result digest covers; the artifact is the audit entry's reference and nothing else of `protected_audit`.
 * `@langchain/core` is the caller's, an optional peer (^1): this module imports only its `tool` helper, its
 * `ToolInputParsingException` and types; never LangGraph.
 *
 * @example
 * const model = chat.bindTools(langchainTools(plane, { principal, provider: 'openai', intent_ref: thread.id }));
 */
import {
  tool,
  ToolInputParsingException,
  type StructuredToolInterface,
  type ToolRunnableConfig,
} from '@langchain/core/tools';
import type { JSONSchema } from '@langchain/core/utils/json_schema';
import { canonicalize, type ToolSpec } from '../core/index.ts';
import { PlaneCallError, type ControlPlane } from '../control/index.ts';
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

/** langchainTools' options: those of every adapter (FrameworkToolsOptions), and how a held call is approved. */
export interface LangChainToolsOptions extends FrameworkToolsOptions {
  /**
   * Asked when the plane held a call (APPROVAL_REQUIRED): the person who approves the plane's preview, as the server
   * knows them, or null. The adapter then calls `plane.approve(preview, approver)`, which the plane may refuse (four
   * eyes, expiry), and executes again. What it throws passes through: LangGraph's `interrupt(preview)` pauses the
   * run by throwing, and on resume the node runs again, the plane holds the call again under the same request
   * digest, and `interrupt` returns the person's answer (docs/frameworks.md#approvals-with-langgraph).
   */
  askApproval?: AskApproval;
}

/**
 * A tool's artifact: the reference of the audit entry that recorded the call (`plane.auditEntries(seq, seq)`), null
 * only when the store failed and nothing could be recorded. LangChain keeps the artifact with the ToolMessage — in
 * the graph's state, its checkpoints and its traces — though no provider package sends it to the model. A position in
 * the plane's own log means nothing without access to that log, so only it is here: not `request_sha256`, which in
 * the plane's unkeyed mode is a SHA-256 over the tenant, the subject and the arguments, and would let whoever reads a
 * trace confirm a guess of who the principal is; the entry holds it and every other binding. An approval flow does
 * not need it in the message either: `askApproval` is handed the preview itself.
 */
export interface AuditReference {
  audit_seq: number | null;
}

/**
 * One LangChain tool per tool of the plane's dispatcher, by the registry's name, with its English title as the
 * description and its input JSON Schema. The schema is shown to the model but not enforced by LangChain: arguments
 * it would refuse reach the plane, whose gate answers INVALID_ARGUMENTS from the catalog. Build them per request:
 * the principal is the request's.
 *
 * @example
 * ```ts
 * const lcTools = langchainTools(plane, { principal, provider: 'openai', conversation_ref: 'thread-42' });
 * // createAgent({ model, tools: lcTools }): each ToolMessage's content is canonical(model_result)
 * ```
 */
export function langchainTools(plane: ControlPlane, options: LangChainToolsOptions): StructuredToolInterface[] {
  const binding = callBinding('langchainTools', 'langchain', plane, options);
  if (options.askApproval !== undefined && typeof options.askApproval !== 'function')
    throw new TypeError('langchainTools: askApproval must be a function');
  return Object.values(plane.dispatcher.tools).map((spec) => langchainTool(plane, spec, binding, options));
}

function langchainTool(
  plane: ControlPlane,
  spec: ToolSpec,
  binding: CallBinding,
  o: LangChainToolsOptions,
): StructuredToolInterface {
  const run = async (args: unknown, config: ToolRunnableConfig): Promise<[string, AuditReference]> => {
    // The call id is the provider's, carried by the ToolCall an agent (ToolNode, createAgent) invokes the tool
    // with; StructuredTool.invoke puts that ToolCall on the config. Without one there is nothing to bind the
    // result to, and LangChain would hand back the content alone: a wiring bug, refused before anything runs.
    const id = config?.toolCall?.id;
    if (typeof id !== 'string' || id.length === 0)
      throw new TypeError(`langchainTools: invoke ${spec.name} with a ToolCall { id, name, args, type: 'tool_call' }`);
    const execution = await runPlaneCall(
      plane,
      planeCall(binding, spec.name, id, args),
      runOptionsFor(o, id, config.signal),
    ).catch((error: unknown) => {
      throw fromTheModel(error, spec.name) ?? error;
    });
    // A string content goes into the ToolMessage as it is (an object would be JSON.stringify'd by _formatToolOutput,
    // @langchain/core/dist/tools/index.js, not canonicalized): the bytes the result digest covers.
    return [canonicalize(execution.pkg.model_result), { audit_seq: execution.audit_seq }];
  };
  return tool(run, {
    name: spec.name,
    description: spec.title,
    // LangChain's declarations name Zod and JSON Schema only; its runtime reads a Standard JSON Schema first.
    schema: permissiveSchema(spec) as unknown as JSONSchema,
    responseFormat: 'content_and_artifact',
  });
}

/**
 * The one refusal of the plane's caused by what the model wrote rather than by the wiring: arguments that are not
 * JSON data (LangChain's JSON.parse makes `1e400` Infinity), which name no intent and which the gate cannot judge,
 * so the plane throws PlaneCallError before anything is read. It becomes LangChain's own error for input the tool
 * cannot take, which ToolNode answers to the model with its own text: a bad value never ends the run.
 */
function fromTheModel(error: unknown, tool: string): ToolInputParsingException | null {
  if (!(error instanceof PlaneCallError) || !error.issues.every((i) => i.path.startsWith('/arguments'))) return null;
  return new ToolInputParsingException(
    `${tool}: the arguments are not JSON data at ${error.issues.map((i) => i.path).join(', ')}`,
  );
}

/**
 * The tool's schema as LangChain 1.x reads it: a Standard JSON Schema (standardschema.dev) whose JSON Schema is the
 * registry's exact input schema and whose `validate` lets every value through. `bindTools` sends the provider
 * `toJsonSchema(tool.schema)`, which asks `~standard.jsonSchema.input` (@langchain/core/dist/utils/json_schema.js);
 * `StructuredTool.call` validates a schema that is not Zod with @cfworker/json-schema, for which `~standard` is an
 * unknown keyword, so nothing is refused there either (@langchain/core/dist/tools/index.js). The registry's Zod
 * schema, or its JSON Schema given as is, would be enforced by LangChain, which throws ToolInputParsingException
 * before the plane is asked: the model would read LangChain's text, and never the catalog's INVALID_ARGUMENTS.
 */
function permissiveSchema(spec: ToolSpec) {
  const jsonSchema = (options?: { target?: string }) =>
    inputJsonSchema(
      spec,
      options?.target === 'draft-07' || options?.target === 'openapi-3.0' ? options.target : undefined,
    );
  return {
    '~standard': {
      version: 1 as const,
      vendor: 'tool-result-contract',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: jsonSchema, output: jsonSchema },
    },
  };
}
