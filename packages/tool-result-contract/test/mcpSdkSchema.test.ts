/**
 * The core's CallToolResult schema (src/core/mcp/callToolResult.ts) against the official SDK's
 * (`CallToolResultSchema`, @modelcontextprotocol/sdk 1.32): every result the core accepts, the SDK
 * accepts. Where the core is stricter on purpose, each difference is pinned below and in
 * docs/mcp.md#the-schema.
 */
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSchema } from '../src/core/tables/index.ts';
import { mcpCallToolResultSchema } from '../src/core/index.ts';
import { callToolResult } from './support/mcpResults.ts';

const ours = (v: unknown) => checkSchema(mcpCallToolResultSchema, v).success;
const sdk = (v: unknown) => CallToolResultSchema.safeParse(v).success;

describe('the CallToolResult schema and the SDK’s', () => {
  it('every result the core’s schema accepts, the SDK’s accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(callToolResult(fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }))), (r) => {
        if (!ours(r)) return;
        accepted++;
        expect(sdk(r)).toBe(true);
      }),
      { seed: 20260719, numRuns: 2000 },
    );
    // The generator reaches both sides of the line.
    expect(accepted).toBeGreaterThan(100);
  });
  it('accepts what both accept: every block type, annotations, _meta', () => {
    const r = {
      content: [
        { type: 'text', text: 'a', annotations: { audience: ['user'], priority: 1 }, _meta: {} },
        { type: 'image', data: 'aGk=', mimeType: 'image/png' },
        { type: 'audio', data: '', mimeType: 'audio/wav' },
        { type: 'resource', resource: { uri: 'u', blob: 'aGk=' } },
        { type: 'resource_link', uri: 'u', name: 'n', icons: [{ src: 's', theme: 'dark' }], size: 3 },
      ],
      structuredContent: {},
      isError: false,
      _meta: { progressToken: 'p', 'io.modelcontextprotocol/related-task': { taskId: 't' } },
    };
    expect([ours(r), sdk(r)]).toEqual([true, true]);
  });
  it('where they differ on purpose: the core is stricter', () => {
    const DIFFERENCES: [string, unknown][] = [
      // atob takes unpadded base64 and skips whitespace; the core takes RFC 4648 as written, in one linear check.
      ['unpadded base64', { content: [{ type: 'image', data: 'aGk', mimeType: 'image/png' }] }],
      ['base64 with whitespace', { content: [{ type: 'image', data: 'aG k=', mimeType: 'image/png' }] }],
      // resultType (2026-07-28) is a string; the SDK 1.x does not know the member and passes anything.
      ['a resultType that is not a string', { content: [], resultType: 7 }],
    ];
    for (const [why, r] of DIFFERENCES) expect([why, ours(r), sdk(r)]).toEqual([why, false, true]);
  });
});
