/**
 * Every channel of a CallToolResult and what becomes of it (docs/mcp.md#each-channel). Only
 * `structuredContent` can reach the model, as the candidate `data`; each other channel is dropped
 * and named in the audit's redactions, by its pointer and its type. A text block that is JSON is
 * held to `structuredContent`: equal canonically, it is the duplicate the specification asks for;
 * different, the server said two things (MCP_CONTENT_MISMATCH).
 */
import { canonicalize } from '../json/canonical.ts';
import { escapePointerSegment } from '../json/jsonPointer.ts';
import { isObject } from '../json/jsonValue.ts';
import { parseStrictJson } from '../json/strictJson.ts';
import type { Redaction, RedactionReason } from '../result/protectedAudit.ts';
import type { ViolationList } from '../tables/violation.ts';
import { CALL_TOOL_RESULT_MEMBERS, type McpBlockType } from './callToolResult.ts';

const BLOCK_REASON: Readonly<Record<Exclude<McpBlockType, 'text'>, RedactionReason>> = Object.freeze({
  image: 'mcp_image',
  audio: 'mcp_audio',
  resource: 'mcp_resource',
  resource_link: 'mcp_resource_link',
});

/**
 * The strict parser's refusals of text that a lenient reader (JSON.parse) still reads as a value:
 * a duplicate name, a lone surrogate, an integer or number out of range, hostile depth or size.
 * Such a text is JSON to some client, and cannot equal the structured content.
 */
const LENIENTLY_JSON: readonly string[] = Object.freeze([
  'DUPLICATE_KEY',
  'LONE_SURROGATE',
  'INTEGER_RANGE',
  'NUMBER_RANGE',
  'TOO_DEEP',
  'TOO_LARGE',
]);

/**
 * Reads each channel of `result` (already held to the CallToolResult schema) at `base`: `error`
 * drops every block as the server's untrusted error text; `success` holds each text block to
 * `structuredCanonical`. Redactions are appended in the result's order; a mismatch is a violation.
 */
export function readChannels(
  result: Record<string, unknown>,
  base: string,
  mode: 'error' | 'success',
  structuredCanonical: string,
  out: ViolationList,
  redactions: Redaction[],
): void {
  const content = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  content.forEach((block, i) => {
    const at = `${base}/content/${i}`;
    const b = block as Record<string, unknown>;
    if (mode === 'error') redactions.push({ path: at, reason: 'mcp_error_text' });
    else if (b.type === 'text') {
      const verdict = textVerdict(b.text as string, structuredCanonical);
      if (verdict === 'mismatch')
        out.add('MCP_CONTENT_MISMATCH', `${at}/text`, { kind: 'rule', rule: 'mcp_text_is_structured_content' });
      else redactions.push({ path: at, reason: verdict });
    } else redactions.push({ path: at, reason: BLOCK_REASON[b.type as Exclude<McpBlockType, 'text'>] });
    if (Object.hasOwn(b, 'annotations')) redactions.push({ path: `${at}/annotations`, reason: 'mcp_annotations' });
    if (Object.hasOwn(b, '_meta')) redactions.push({ path: `${at}/_meta`, reason: 'mcp_meta' });
  });
  if (mode === 'error' && Object.hasOwn(result, 'structuredContent'))
    redactions.push({ path: `${base}/structuredContent`, reason: 'mcp_error_text' });
  if (Object.hasOwn(result, '_meta')) redactions.push({ path: `${base}/_meta`, reason: 'mcp_meta' });
  for (const k of Object.keys(result)) {
    if (!CALL_TOOL_RESULT_MEMBERS.includes(k))
      redactions.push({ path: `${base}/${escapePointerSegment(k)}`, reason: 'mcp_unknown_member' });
  }
}

/** A text block: the duplicate of the structured content, text that is not JSON, or JSON that says something else. */
function textVerdict(
  text: string,
  structuredCanonical: string,
): 'mcp_text_duplicate' | 'mcp_unstructured_text' | 'mismatch' {
  const r = parseStrictJson(text);
  if (!r.ok) return LENIENTLY_JSON.includes(r.error.code) ? 'mismatch' : 'mcp_unstructured_text';
  return isObject(r.value) && canonicalize(r.value) === structuredCanonical ? 'mcp_text_duplicate' : 'mismatch';
}
