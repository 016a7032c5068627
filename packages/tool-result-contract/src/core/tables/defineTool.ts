/**
 * The registry's rules (docs/contract.md#the-registry) for an engineer's own tools: `defineTool(spec)` checks a tool spec
 * the way the chapter's three are written and returns it frozen, so a
 * dispatcher made with {@link createDispatcher} never meets a spec it cannot
 * enforce (an echo field the schemas do not have, a list limit read from a
 * missing input member).

 */
import { ToolResultContractError } from '../json/index.ts';
import { z } from 'zod/mini';
import { DISPATCHER_PROVENANCE, type ToolRevisions, type ToolSpec } from './registry.ts';

/**
 * A spec defineTool refused, with every problem found (not only the first).
 *
 * @example
 * ```ts
 * try {
 *   defineTool({ ...spec, title: '' });
 * } catch (e) {
 *   if (e instanceof ToolSpecError) console.error(e.message); // names each problem
 * }
 * ```
 */
export class ToolSpecError extends ToolResultContractError {
  override readonly name = 'ToolSpecError';
  readonly code = 'TOOL_SPEC_INVALID';
  constructor(
    readonly tool: string,
    readonly problems: readonly string[],
  ) {
    super(`tool spec ${JSON.stringify(tool)} is not valid: ${problems.join('; ')}`);
  }
}

/** Provider tool names: OpenAI, Anthropic and Gemini all accept this set. */
const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const REVISION = /^[A-Za-z0-9._:-]{1,64}$/;
const REVISION_KEYS: readonly (keyof ToolRevisions)[] = [
  'input_revision',
  'output_revision',
  'effect_revision',
  'handler_revision',
  'producer_revision',
  'policy_revision',
];

// zod's own class checks (traits, not prototypes): a schema from classic zod passes them as one from zod/mini does.
const shapeOf = (schema: unknown): Record<string, z.core.$ZodType> | null =>
  schema instanceof z.core.$ZodObject ? schema._zod.def.shape : null;

/**
 * Checks `spec` and returns it frozen (the same fields; the zod schemas are kept as given). Throws
 * {@link ToolSpecError} with every problem it found.
 *
 * @example
 * ```ts
 * const getInvoice = defineTool({
 *   name: 'get_invoice',
 *   effect: 'read',
 *   title: 'Look up an invoice',
 *   input: z.strictObject({ invoice_ref: z.string() }),
 *   output: z.strictObject({ invoice_ref: z.string(), total_cents: z.number().int() }),
 *   echo: [{ output: 'invoice_ref', input: 'invoice_ref' }],
 *   revisions: {
 *     input_revision: 'get_invoice.input.v1',
 *     output_revision: 'get_invoice.output.v1',
 *     effect_revision: 'get_invoice.effect.read.v1',
 *     handler_revision: 'billing-handler-v1',
 *     producer_revision: 'billing-v1',
 *     policy_revision: 'billing-policy-v1',
 *   },
 *   source_label: 'billing',
 * });
 * ```
 */
export function defineTool<const T extends ToolSpec>(spec: T): Readonly<T> {
  const problems: string[] = [];
  const name = typeof spec?.name === 'string' ? spec.name : '';
  if (!TOOL_NAME.test(name)) problems.push('name must be 1–64 of [A-Za-z0-9_-], starting with a letter or _');
  if (spec.effect !== 'read' && spec.effect !== 'write') problems.push("effect must be 'read' or 'write'");
  if (typeof spec.title !== 'string' || spec.title.trim() === '') problems.push('title must be a non-empty string');
  const input = shapeOf(spec.input);
  const output = shapeOf(spec.output);
  if (input === null) problems.push('input must be a zod object schema (z.strictObject): arguments are a JSON object');
  if (output === null) problems.push('output must be a zod object schema (z.strictObject): data is a JSON object');
  else if (!(spec.output instanceof z.core.$ZodObject && spec.output._zod.def.catchall instanceof z.core.$ZodNever))
    problems.push('output must be exact (z.strictObject): an extra member is a contract breach, not data');
  if (!Array.isArray(spec.echo)) problems.push('echo must be an array of { output, input }');
  else {
    for (const e of spec.echo) {
      if (output !== null && !Object.hasOwn(output, e.output))
        problems.push(`echo output member ${JSON.stringify(e.output)} is not in the output schema`);
      if (input !== null && !Object.hasOwn(input, e.input))
        problems.push(`echo input member ${JSON.stringify(e.input)} is not in the input schema`);
    }
  }
  for (const k of REVISION_KEYS) {
    const v = spec.revisions?.[k];
    if (typeof v !== 'string' || !REVISION.test(v)) problems.push(`revisions.${k} must be 1–64 of [A-Za-z0-9._:-]`);
  }
  if (typeof spec.source_label !== 'string' || spec.source_label === '')
    problems.push('source_label must be a non-empty string');
  else if (spec.source_label === DISPATCHER_PROVENANCE.source_label)
    problems.push(`source_label ${JSON.stringify(DISPATCHER_PROVENANCE.source_label)} is the dispatcher's own`);
  if (spec.list !== undefined) {
    if (output !== null && !(output[spec.list.member] instanceof z.core.$ZodArray))
      problems.push(`list.member ${JSON.stringify(spec.list.member)} must be an array member of the output schema`);
    if (input !== null && !Object.hasOwn(input, spec.list.maxFrom))
      problems.push(`list.maxFrom ${JSON.stringify(spec.list.maxFrom)} is not in the input schema`);
  }
  if (spec.mcp !== undefined) problems.push(...mcpProblems(spec.mcp));
  if (problems.length > 0) throw new ToolSpecError(name, problems);
  return Object.freeze({
    ...spec,
    echo: Object.freeze(spec.echo.map((e) => Object.freeze({ ...e }))),
    revisions: Object.freeze({ ...spec.revisions }),
    ...(spec.mcp === undefined ? {} : { mcp: Object.freeze({ ...spec.mcp }) }),
  }) as Readonly<T>;
}

const MCP_MEMBERS = ['server', 'tool', 'definition_sha256'];
// The MCP specification's tool names are 1–128 characters (a SHOULD); a control character names nothing a reviewer can read.
// eslint-disable-next-line no-control-regex -- the point of this class is to refuse control characters
const MCP_NAME = /^[^\u0000-\u001f\u007f]{1,128}$/u;

/** `spec.mcp` (docs/mcp.md#the-pin): which server's tool serves this one, and the pin of its reviewed definition. */
function mcpProblems(mcp: unknown): string[] {
  if (mcp === null || typeof mcp !== 'object' || Array.isArray(mcp))
    return ['mcp must be an object { server, tool, definition_sha256 }'];
  const m = mcp as Record<string, unknown>;
  const problems = Object.keys(m)
    .filter((k) => !MCP_MEMBERS.includes(k))
    .map((k) => `mcp.${k} is not a member of mcp (server, tool, definition_sha256)`);
  for (const k of ['server', 'tool'] as const) {
    const v = m[k];
    if (typeof v !== 'string' || !MCP_NAME.test(v))
      problems.push(`mcp.${k} must be 1–128 characters without control characters`);
  }
  if (typeof m.definition_sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(m.definition_sha256))
    problems.push(
      'mcp.definition_sha256 must be 64 lower-case hex digits (mcpDefinitionSha256 of the reviewed definition)',
    );
  return problems;
}
