import type { Scenario } from '#lib/core/result/index.ts';
import getOrderMcpDuplicate from './scenarios/get_order.mcp_duplicate.json' with { type: 'json' };
import getOrderMcpMismatch from './scenarios/get_order.mcp_mismatch.json' with { type: 'json' };
import searchKbMcpInjectedText from './scenarios/search_kb.mcp_injected_text.json' with { type: 'json' };
import getOrderMcpMetaSecret from './scenarios/get_order.mcp_meta_secret.json' with { type: 'json' };
import getOrderMcpIsError from './scenarios/get_order.mcp_is_error.json' with { type: 'json' };

/**
 * The scenarios whose raw result is an MCP server's CallToolResult (docs/scenarios.md#mcp-scenarios). Kept apart
 * from the other scenarios, in a module of their own: the page lists them by id (playground/work.ts
 * MCP_SCENARIO_IDS), and their data comes with the MCP source's chunk, with the evaluation that reads them. A
 * bundler keeps a module's exports in one chunk, so beside the others they would be in the first load.
 */
export const mcpScenarios: readonly Scenario[] = /* @__PURE__ */ Object.freeze([
  getOrderMcpDuplicate as Scenario,
  getOrderMcpMismatch as Scenario,
  searchKbMcpInjectedText as Scenario,
  getOrderMcpMetaSecret as Scenario,
  getOrderMcpIsError as Scenario,
]);
