/**
 * Under protected_audit, for a package made from an MCP server's CallToolResult: each channel the model does
 * not get, by its pointer into the editor's text and what its reason means (docs/mcp.md#each-channel).
 */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import type { ProtectedAudit } from '#lib/core/result/index.ts';
import { isMcpReason, MCP_SOURCE_TEXT } from './text.ts';

export function McpRedactions({
  lang,
  redactions,
}: {
  lang: Lang;
  redactions: ProtectedAudit['redactions'];
}): JSX.Element | null {
  const t = MCP_SOURCE_TEXT[lang];
  const mine = redactions.filter((r) => isMcpReason(r.reason));
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby="mcp-redactions-title" data-testid="mcp-redactions">
      <h3 id="mcp-redactions-title" className="small">
        {t.redactionsTitle}
      </h3>
      <p className="muted small">{t.redactionsDesc}</p>
      <ul className="small">
        {mine.map((r) => (
          <li key={`${r.path} ${r.reason}`} data-reason={r.reason}>
            <code>{r.path}</code> <code>{r.reason}</code>: {isMcpReason(r.reason) ? t.reasons[r.reason] : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
