/** One of two calls (A1, A2): its ids, its two bindings and what its model_result carries. */
import type { JSX } from 'react';
import type { Package, TrustedContext } from '#lib/core/result/index.ts';
import type { Lang } from '../../../lang.ts';
import { Digest } from '../../components/DiffView/Digest.tsx';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import { pretty } from '../../../playground/mistakeView.ts';
import { ATTACK_LAB_TEXT } from './text.ts';
import styles from './CallCard.module.css';

export type Call = { pkg: Package; trusted: TrustedContext };

export function CallCard({
  heading,
  call,
  lang,
  testId,
}: {
  heading: string;
  call: Call;
  lang: Lang;
  testId: string;
}): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  const mr = call.pkg.model_result;
  const b = call.pkg.protected_audit.binding;
  return (
    <div className={styles.card} data-testid={testId} data-call-id={call.trusted.call.call_id}>
      <h5 className={styles.title}>{heading}</h5>
      <dl className={styles.facts}>
        <dt>{t.callId}</dt>
        <dd>
          <code>
            <VisibleText text={call.trusted.call.call_id} lang={lang} />
          </code>
        </dd>
        <dt>{t.operationId}</dt>
        <dd>
          <code>
            <VisibleText text={call.trusted.call.operation_id} lang={lang} />
          </code>
        </dd>
        <dt>{t.idempotencyKey}</dt>
        <dd>
          <code>
            <VisibleText text={call.trusted.call.idempotency_key} lang={lang} />
          </code>
        </dd>
        <dt>result_sha256</dt>
        <dd>
          <Digest value={b.result_sha256} label={`result_sha256 (${heading})`} lang={lang} />
        </dd>
        <dt>call_binding_sha256</dt>
        <dd>
          <Digest value={b.call_binding_sha256} label={`call_binding_sha256 (${heading})`} lang={lang} />
        </dd>
      </dl>
      <p className={styles.label}>{mr.data !== null ? t.modelData : t.modelError}</p>
      {/* Scrollable, so it takes focus: keyboard users can scroll it too. */}
      <pre
        className={styles.pre}
        tabIndex={0}
        aria-label={`${heading}: ${mr.data !== null ? t.modelData : t.modelError}`}
      >
        <VisibleText text={pretty(mr.data ?? mr.error)} lang={lang} />
      </pre>
    </div>
  );
}
