/**
 * What each registered adapter would send (the three model providers' and
 * MCP's): the item as pretty JSON, or the refusal; after MCP's, the tool as its
 * server lists it in tools/list. Under each, the proof that no audit material is in it: every audit
 * value of that package, and the word protected_audit, searched for in the
 * serialized payload.
 */
import { Fragment, lazy, memo, Suspense, useDeferredValue, type JSX } from 'react';
import { JsonView } from '../../components/JsonView.tsx';
import type { Lang } from '../../../lang.ts';
import { PAYLOADS_TEXT } from './text.ts';
import { cx } from '../../components/cx.ts';
import styles from './PayloadsPanel.module.css';
import type { DetailOf } from '../../i18n/useViolationWords.ts';
import type { PayloadView, ResultView } from '../../../playground/evaluate.ts';

const McpToolListing = lazy(() => import('./McpToolListing.tsx').then((m) => ({ default: m.McpToolListing })));

export interface PayloadsPanelProps {
  lang: Lang;
  /** A violation's specifics in the learner's language (useViolationWords). */
  detailOf: DetailOf;
  payloads: readonly PayloadView[];
  /** The call the payloads are for: its tool's tools/list entry is drawn after the MCP payload. */
  call: Pick<ResultView, 'pkg' | 'trusted'>;
}

/**
 * Four full payloads are the most the page draws per keystroke, and none is
 * what the learner is typing against: they are drawn at low priority
 * (useDeferredValue), after the keystroke has painted, and each re-renders
 * only the subtrees that changed (JsonView).
 */
export const PayloadsPanel = memo(function PayloadsPanel({
  lang,
  detailOf,
  payloads: latest,
  call: latestCall,
}: PayloadsPanelProps): JSX.Element {
  const payloadsText = PAYLOADS_TEXT[lang];
  const payloads = useDeferredValue(latest);
  const call = useDeferredValue(latestCall);
  return (
    <ul className="card-list">
      {payloads.map((p) => (
        <Fragment key={`${p.provider}-${p.adapter_revision}`}>
          <li
            className={cx('result-card', !p.ok && 'result-card-bad payload-refused')}
            aria-label={p.title}
            data-provider={p.provider}
          >
            <div className="result-card-head">
              <h3 className={styles.title}>
                {p.provider === 'unregistered' ? `${payloadsText.unregisteredAdapter}: ${p.title}` : p.title}
              </h3>
              {p.isCallProvider ? <span className="chip chip-accent">{payloadsText.thisCall}</span> : null}
            </div>
            <p className={styles.triple}>
              <code>{p.api_family}</code> · <code>{p.adapter_revision}</code>
            </p>
            {p.provider === 'mcp' ? <p className={styles.note}>{payloadsText.mcpNote}</p> : null}
            {p.ok ? (
              <>
                <JsonView value={p.item} label={p.title} className={`payload-json ${styles.json}`} />
                {p.audit.found.length === 0 ? (
                  <p className={`mark mark-ok ${styles.auditCheck}`}>{payloadsText.noAuditMaterial(p.audit.checked)}</p>
                ) : (
                  <p className={`mark mark-bad ${styles.auditCheck}`}>
                    {payloadsText.auditMaterialFound(p.audit.found.join(', '))}
                  </p>
                )}
              </>
            ) : (
              <div className="refusal">
                <p className="mark mark-bad">{payloadsText.refused}</p>
                <ul className={styles.refusalList}>
                  {p.refusal.map((v, i) => (
                    <li key={i}>
                      <code>{v.code}</code> <code className={styles.refusalPath}>{v.path || '/'}</code> —{' '}
                      {detailOf(v.params)}
                    </li>
                  ))}
                </ul>
                {p.refusal.length === 0 ? <p className={styles.refusalMessage}>{p.message}</p> : null}
              </div>
            )}
          </li>
          {p.provider === 'mcp' ? (
            <Suspense fallback={null}>
              <McpToolListing lang={lang} pkg={call.pkg} trusted={call.trusted} />
            </Suspense>
          ) : null}
        </Fragment>
      ))}
    </ul>
  );
});
