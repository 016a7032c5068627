import { describe, expect, it } from 'vitest';
import { mcpToolDefinition as servedDefinition } from '#lib/mcpServer/index.ts';
import { findTool } from '#lib/core/tables/index.ts';
import { chapterTools, scenarios } from '../chapter/index.ts';
import { evaluate } from './evaluate.ts';
import { builtinDoc } from './work.ts';
import { mcpListingOf } from './mcpListing.ts';
import { payloadAuditSearch } from '#lib/core/lastHop/index.ts';

const resultOf = (id: string) => {
  const doc = builtinDoc(id);
  const r = doc === null ? null : evaluate(doc).result;
  if (r === null) throw new Error(`no result for ${id}`);
  return r;
};

describe('mcpListingOf: the tools/list entry beside the MCP payload', () => {
  for (const s of scenarios) {
    it(`${s.id}: the entry mcpServer lists, outputSchema the whole model_result's, no audit material`, () => {
      const r = resultOf(s.id);
      const listing = mcpListingOf(r.pkg, r.trusted);
      if (listing === null) throw new Error('no listing');
      const spec = findTool(s.context.tool, chapterTools);
      if (spec === null) throw new Error('no spec');
      expect(listing.definition).toEqual(servedDefinition(spec));
      expect(listing.definition.name).toBe(s.context.tool);
      const props = (listing.definition.outputSchema as { properties: Record<string, unknown> }).properties;
      expect(Object.keys(props)).toEqual(expect.arrayContaining(['status', 'data', 'error', 'provenance']));
      expect(listing.audit.found).toEqual([]);
      expect(listing.audit.checked).toBeGreaterThan(5);
    });
  }

  it('a call to a tool the registry does not have gets no entry', () => {
    const r = resultOf('get_order.paid');
    expect(mcpListingOf(r.pkg, { ...r.trusted, tool: 'send_email' })).toBeNull();
  });
});

describe('payloadAuditSearch: the proof under each payload', () => {
  const r = resultOf('create_refund_draft.created');
  it('finds an audit value copied anywhere in the value, and the word protected_audit', () => {
    const principal = r.pkg.protected_audit.principal_ref;
    const planted = { description: `for ${principal}`, nested: [{ protected_audit: 1 }] };
    expect(payloadAuditSearch(planted, r.pkg, r.trusted, chapterTools).found).toEqual(['protected_audit', principal]);
  });
  it('finds the downstream receipt, which only the audit holds', () => {
    const receipt = r.pkg.protected_audit.downstream.receipt_ref;
    if (receipt === null) throw new Error('the scenario has no receipt');
    expect(payloadAuditSearch({ text: receipt }, r.pkg, r.trusted, chapterTools).found).toEqual([receipt]);
  });
});
