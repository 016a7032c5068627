/**
 * The playground's evaluation of a scenario whose editor holds an MCP server's raw CallToolResult
 * (docs/scenarios.md#mcp-scenarios): the server is one more untrusted handler, so its answer goes
 * through projectMcpDetailed under the pins of the dispatcher's own MCP server (mcpServedTools.ts),
 * and the package it makes through the same validation, adapters and digests as any other.
 *
 * Its own module, loaded only when such a scenario is opened: the MCP schemas stay out of the
 * page's first load.
 */
import { previewProjected } from '#lib/core/lastHop/index.ts';
import { projectMcpDetailed } from '#lib/core/mcp/index.ts';
import { digestPreimages, type TrustedContext } from '#lib/core/result/index.ts';
import { MCP_PINNING, MCP_SERVED_TOOLS } from '../lessons/mcpServedTools.ts';
import { contextFromDraft } from './contextDraft.ts';
import { evaluateWith, type Evaluation, type EvaluationInput } from './evaluate.ts';

/** The built-in MCP scenarios come with this chunk: the page gives them to the model on load (work.ts provideMcpScenarios). */
export { mcpScenarios } from '../chapter/index.ts';

/**
 * A validation path inside model_result.data names the same place in structuredContent, which sits
 * at the message's root or, in a JSON-RPC response, under /result (docs/mcp.md#from-a-calltoolresult-to-a-package).
 */
export function callToolResultPath(packagePath: string, raw: unknown): string | null {
  if (packagePath !== '/model_result/data' && !packagePath.startsWith('/model_result/data/')) return null;
  const response = typeof raw === 'object' && raw !== null && !Array.isArray(raw) && Object.hasOwn(raw, 'jsonrpc');
  return `${response ? '/result' : ''}/structuredContent${packagePath.slice('/model_result/data'.length)}`;
}

/** One MCP scenario's evaluation, with nothing kept: small messages, and each the plain functions' answer. */
export function evaluateMcp(input: EvaluationInput): Evaluation {
  const context = contextFromDraft(input.context);
  // Read only when the context is valid: evaluateWith asks for no answer otherwise.
  const trusted = (context as { value: TrustedContext }).value;
  return evaluateWith(input.handlerText, context, {
    preview: (raw) =>
      previewProjected(raw, trusted, MCP_SERVED_TOOLS, (r, t) =>
        projectMcpDetailed(r, t, MCP_PINNING, MCP_SERVED_TOOLS),
      ),
    preimages: (report) => digestPreimages(report, trusted, MCP_SERVED_TOOLS),
    handlerPath: callToolResultPath,
  });
}
