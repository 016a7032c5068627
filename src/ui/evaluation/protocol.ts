/** The messages between the page and the evaluation worker. */
import type { Evaluation, EvaluationInput } from '../../playground/evaluate.ts';

export interface EvaluationRequest {
  /** Increases with every request; a reply for an older one is dropped. */
  id: number;
  /** `source: 'mcp'`: the text is an MCP server's CallToolResult (playground/mcpSource.ts). */
  input: EvaluationInput & { source?: 'mcp' };
}

export type EvaluationReply =
  { id: number; ok: true; evaluation: Evaluation } | { id: number; ok: false; error: string };
