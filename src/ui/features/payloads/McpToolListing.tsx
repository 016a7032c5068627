/**
 * The call's tool as the dispatcher's MCP server lists it (`tools/list`), drawn beside the MCP
 * payload with the same audit proof. It loads with the payloads it sits beside, never on the
 * first paint: the JSON Schema it is made of costs bytes the first load has no room for.
 */
import { useMemo, type JSX } from 'react';
import { JsonView } from '../../components/JsonView.tsx';
import type { Lang } from '../../../lang.ts';
import type { Package, TrustedContext } from '#lib/core/result/index.ts';
import { mcpListingOf } from '../../../playground/mcpListing.ts';
import { PAYLOADS_TEXT } from './text.ts';
import styles from './PayloadsPanel.module.css';

export function McpToolListing({
  lang,
  pkg,
  trusted,
}: {
  lang: Lang;
  pkg: Package;
  trusted: TrustedContext;
}): JSX.Element | null {
  const t = PAYLOADS_TEXT[lang];
  const listing = useMemo(() => mcpListingOf(pkg, trusted), [pkg, trusted]);
  if (listing === null) return null;
  const { outputSchema, ...rest } = listing.definition;
  return (
    <li className="result-card" aria-label={t.listingTitle} data-testid="mcp-tools-list">
      <div className="result-card-head">
        <h3 className={styles.title}>{t.listingTitle}</h3>
      </div>
      <p className={styles.triple}>
        <code>tools/list</code> · <code>{listing.definition.name}</code>
      </p>
      <p className={styles.note}>{t.listingNote}</p>
      <JsonView value={rest} label={t.listingTitle} className={styles.json} />
      <details className={styles.schema}>
        <summary>{t.outputSchemaSummary}</summary>
        <JsonView value={outputSchema} label={t.outputSchemaSummary} className={styles.json} />
      </details>
      {listing.audit.found.length === 0 ? (
        <p className={`mark mark-ok ${styles.auditCheck}`} data-testid="mcp-tools-list-proof">
          {t.noAuditMaterial(listing.audit.checked)}
        </p>
      ) : (
        <p className={`mark mark-bad ${styles.auditCheck}`} data-testid="mcp-tools-list-proof">
          {t.auditMaterialFound(listing.audit.found.join(', '))}
        </p>
      )}
    </li>
  );
}
