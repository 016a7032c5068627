/**
 * The proof under each payload agrees with the AUDIT_LEAK rule on what is no evidence: a principal named like a word
 * every payload of the call carries (a result member, a catalog word, an adapter's own member) is searched for by
 * neither, while a real copy of an audit value is still found wherever it is put.
 */
import { describe, expect, it } from 'vitest';
import { findScenario, chapterTools } from '../../../../../src/chapter/index.ts';
import { auditValuesOf } from '../result/auditValues.ts';
import { project } from '../result/project.ts';
import { validateResult } from '../result/validateResult.ts';
import type { TrustedContext } from '../result/trustedContext.ts';
import type { LastHopName } from '../tables/providerAdapters.ts';
import { payloadAuditSearch } from './payloadAuditSearch.ts';
import { withProvider } from './payloadPreview.ts';
import { toProviderItem } from './toProviderItem.ts';
import { mcpToolDefinition } from '../mcp/toolDefinition.ts';
import { findTool } from '../tables/registry.ts';

const scenario = findScenario('create_refund_draft.created');
if (scenario === undefined) throw new Error('no scenario create_refund_draft.created');
const lastHops: LastHopName[] = ['openai', 'anthropic', 'gemini', 'mcp'];

/** The scenario's call made for another principal, through one last hop. */
function packaged(provider: LastHopName, tenant: string, subject: string) {
  const t: TrustedContext = withProvider({ ...scenario!.context, principal: { tenant, subject } }, provider);
  const pkg = project(scenario!.handler_output, t, chapterTools);
  return { t, pkg, item: toProviderItem(pkg, t, chapterTools) };
}

describe('payloadAuditSearch', () => {
  // `delivery` and `recovery` are members of every result; each adapter's item has words of its own.
  const ownWord: Record<LastHopName, string> = {
    openai: 'function_call_output',
    anthropic: 'tool_use_id',
    gemini: 'function_result',
    mcp: 'structuredContent',
  };
  for (const provider of lastHops)
    for (const [tenant, subject] of [
      ['recovery', 'delivery'],
      ['acme', ownWord[provider]],
    ] as const)
      it(`${provider}: a principal ${tenant}/${subject} is no leak, as validateResult says`, () => {
        const { t, pkg, item } = packaged(provider, tenant, subject);
        expect(validateResult(pkg, t, chapterTools).ok).toBe(true);
        // The word is in the payload, and among the package's audit values: only the search leaves it out.
        expect(JSON.stringify(item)).toContain(subject);
        expect(auditValuesOf(pkg, t)).toContain(subject);
        expect(payloadAuditSearch(item, pkg, t, chapterTools).found).toEqual([]);
      });

  it('still finds a principal copied into a payload, and the word protected_audit', () => {
    const { t, pkg, item } = packaged('openai', 'acme', 'alice-7421');
    const output = (item as { output: string }).output;
    const planted = { ...item, output: `${output} for alice-7421`, note: { protected_audit: 1 } };
    expect(payloadAuditSearch(planted, pkg, t, chapterTools).found).toEqual(['protected_audit', 'alice-7421']);
  });

  it('still finds a principal named like a word when it is copied whole into a longer value', () => {
    const { t, pkg } = packaged('openai', 'acme', 'alice-7421');
    const receipt = pkg.protected_audit.downstream.receipt_ref;
    if (receipt === null) throw new Error('the scenario has no receipt');
    expect(payloadAuditSearch({ text: `ref ${receipt}` }, pkg, t, chapterTools).found).toEqual([receipt]);
  });

  it('reads a tool listing with its own member names as framing', () => {
    const { t, pkg } = packaged('mcp', 'acme', 'properties');
    const spec = findTool(t.tool, chapterTools);
    if (spec === null) throw new Error('no spec');
    const definition = mcpToolDefinition(spec);
    expect(JSON.stringify(definition)).toContain('"properties"');
    expect(payloadAuditSearch(definition, pkg, t, chapterTools, 'tool_listing').found).toEqual([]);
    // Read with an adapter's framing instead, the listing's own keyword is taken for the principal.
    expect(payloadAuditSearch(definition, pkg, t, chapterTools).found).toEqual(['properties']);
  });
});
