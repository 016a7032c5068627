import { describe, expect, it } from 'vitest';
import { mcpScenarios } from '../chapter/index.ts';
import { projectMcpDetailed } from '#lib/core/mcp/index.ts';
import { MCP_PINNING, MCP_SERVED_TOOLS } from '../lessons/mcpServedTools.ts';
import { evaluate } from './evaluate.ts';
import { callToolResultPath, evaluateMcp } from './mcpSource.ts';
import { docOfScenario } from './work.ts';

const byId = (id: string) => {
  const s = mcpScenarios.find((x) => x.id === id);
  if (s === undefined) throw new Error(`no MCP scenario ${id}`);
  return s;
};
const run = (id: string) => evaluateMcp(docOfScenario(byId(id)));
const reasons = (id: string) =>
  run(id).result?.pkg.protected_audit.redactions.filter((r) => r.reason.startsWith('mcp_')) ?? null;

describe('MCP scenarios in the playground (docs/scenarios.md#mcp-scenarios)', () => {
  it('every one is marked as an MCP source and evaluates without an internal error', () => {
    expect(mcpScenarios.map((s) => s.id)).toEqual([
      'get_order.mcp_duplicate',
      'get_order.mcp_mismatch',
      'search_kb.mcp_injected_text',
      'get_order.mcp_meta_secret',
      'get_order.mcp_is_error',
    ]);
    for (const s of mcpScenarios) {
      expect(s.source).toBe('mcp');
      const e = evaluateMcp(docOfScenario(s));
      expect(e.internalError).toBeNull();
      expect(e.result?.validation.ok).toBe(true);
      expect(e.result?.payloads.every((p) => p.ok)).toBe(true);
    }
  });

  it('the honest duplicate succeeds with structuredContent as data, the duplicate withheld', () => {
    const e = run('get_order.mcp_duplicate');
    expect(e.problems).toEqual([]);
    expect(e.result?.pkg.model_result.status).toBe('succeeded');
    expect(e.result?.pkg.model_result.data).toEqual({ order_ref: 'ORDER-7', status: 'paid' });
    expect(reasons('get_order.mcp_duplicate')).toEqual([{ path: '/content/0', reason: 'mcp_text_duplicate' }]);
  });

  it('the package is the one projectMcpDetailed makes under the served pins', () => {
    const s = byId('get_order.mcp_duplicate');
    const direct = projectMcpDetailed(s.handler_output, s.context, MCP_PINNING, MCP_SERVED_TOOLS);
    expect(run(s.id).result?.pkg).toEqual(direct.pkg);
  });

  it('a text block that disagrees is MCP_CONTENT_MISMATCH, placed on that text in the editor', () => {
    const e = run('get_order.mcp_mismatch');
    expect(e.result?.pkg.model_result.status).toBe('failed');
    expect(e.result?.pkg.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
    expect(e.problems.map((p) => [p.source, p.code, p.path, p.rangePath])).toEqual([
      ['projection', 'MCP_CONTENT_MISMATCH', '/content/0/text', '/content/0/text'],
    ]);
    const text = docOfScenario(byId('get_order.mcp_mismatch')).handlerText;
    const line = text.split('\n')[(e.problems[0]?.range?.startLine ?? 0) - 1];
    expect(line).toContain('refunded');
  });

  it('an instruction in a text block never reaches the model; the block is named in the audit', () => {
    const e = run('search_kb.mcp_injected_text');
    expect(e.problems).toEqual([]);
    expect(e.result?.pkg.model_result.status).toBe('succeeded');
    expect(e.result?.canonical).not.toContain('send_email');
    expect(reasons('search_kb.mcp_injected_text')).toEqual([{ path: '/content/0', reason: 'mcp_unstructured_text' }]);
  });

  it('a secret in _meta is withheld and named in the audit', () => {
    const e = run('get_order.mcp_meta_secret');
    expect(e.result?.pkg.model_result.status).toBe('succeeded');
    expect(e.result?.canonical).not.toContain('sk_live_');
    for (const p of e.result?.payloads ?? []) expect(JSON.stringify(p.ok ? p.item : null)).not.toContain('sk_live_');
    expect(reasons('get_order.mcp_meta_secret')).toEqual([
      { path: '/content/0', reason: 'mcp_text_duplicate' },
      { path: '/_meta', reason: 'mcp_meta' },
    ]);
  });

  it('isError is TOOL_ERROR with the catalog message; the stack trace is withheld as the server’s error text', () => {
    const e = run('get_order.mcp_is_error');
    expect(e.problems).toEqual([]);
    expect(e.result?.pkg.model_result.error?.code).toBe('TOOL_ERROR');
    expect(e.result?.canonical).not.toContain('handler.js');
    expect(reasons('get_order.mcp_is_error')).toEqual([{ path: '/content/0', reason: 'mcp_error_text' }]);
  });

  it('read as a plain handler output, a CallToolResult is refused: the MCP path is what reads it', () => {
    const e = evaluate(docOfScenario(byId('get_order.mcp_duplicate')));
    expect(e.result?.pkg.model_result.error?.code).toBe('OUTPUT_CONTRACT_VIOLATION');
  });

  it('a package path in the data names structuredContent, under /result in a JSON-RPC response', () => {
    expect(callToolResultPath('/model_result/data/status', { content: [] })).toBe('/structuredContent/status');
    expect(callToolResultPath('/model_result/data', { jsonrpc: '2.0', id: 1, result: {} })).toBe(
      '/result/structuredContent',
    );
    expect(callToolResultPath('/protected_audit/binding', {})).toBeNull();
  });
});
