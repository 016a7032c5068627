/**
 * A scenario file: one trusted context and one raw handler output (or an MCP
 * server's CallToolResult), with a bilingual title. The playground exports and imports exactly this file, and
 * the CLI reads it with `--scenario FILE.json`.
 */
import { z } from 'zod/mini';
import { TrustedContextSchema, type TrustedContext } from './trustedContext.ts';
import { contextIssues } from '../tables/contextIssues.ts';
import { checkSchema } from '../tables/zodIssues.ts';

export const SCENARIO_FORMAT = 'tool-result-scenario-v1';

const text = z.strictObject({ en: z.string().check(z.maxLength(2000)), zh: z.string().check(z.maxLength(2000)) });

export const ScenarioSchema = z.strictObject({
  format: z.literal(SCENARIO_FORMAT),
  id: z
    .string()
    .check(z.regex(/^[a-z_]+\.[a-z0-9_]+$/, 'must look like tool.case, e.g. search_kb.hits'), z.maxLength(100)),
  title: text,
  summary: text,
  context: TrustedContextSchema,
  /** Where the raw result comes from: absent, a handler output; `mcp`, an MCP server's CallToolResult (docs/scenarios.md#mcp-scenarios). */
  source: z.optional(z.literal('mcp')),
  /** Untrusted by design: any JSON value, checked only by the projection. */
  handler_output: z.unknown(),
});

export interface Scenario {
  format: typeof SCENARIO_FORMAT;
  id: string;
  title: { en: string; zh: string };
  summary: { en: string; zh: string };
  context: TrustedContext;
  source?: 'mcp';
  handler_output: unknown;
}

export function parseScenario(
  value: unknown,
): { ok: true; value: Scenario } | { ok: false; issues: { path: string; message: string }[] } {
  const r = checkSchema(ScenarioSchema, value);
  if (r.success) return { ok: true, value: r.data as Scenario };
  return {
    ok: false,
    issues: contextIssues(r.error),
  };
}
