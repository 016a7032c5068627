/**
 * The three digests: each as stored in the audit and as recomputed from the
 * trusted context, and the same preimage hashed again by WebCrypto. A match
 * is a ✓; a mismatch is a ✗ with both values shown. The preimage — the exact
 * canonical text hashed — is one click away, and below, which field feeds
 * which digest and each digest's inputs (./DigestMap.tsx, loaded after).
 */
import { lazy, memo, Suspense, useState, type JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { DIGESTS_TEXT } from './text.ts';
import { cx } from '../../components/cx.ts';
import styles from './DigestsPanel.module.css';

type DigestsWords = (typeof DIGESTS_TEXT)['en'];
/** Which field feeds which digest, and each digest's inputs: in its own chunk, loaded after the panel. */
const DigestMap = lazy(() => import('./DigestMap.tsx'));
import type { DigestName } from '#lib/core/result/index.ts';
import type { DigestView, ResultView } from '../../../playground/evaluate.ts';
import { useWebCryptoCheck, type WebCryptoStatus } from './useWebCryptoCheck.ts';

export interface DigestsPanelProps {
  lang: Lang;
  result: ResultView;
}

const WHY: Record<DigestName, 'digestRequestWhy' | 'digestResultWhy' | 'digestCallWhy'> = {
  request_sha256: 'digestRequestWhy',
  result_sha256: 'digestResultWhy',
  call_binding_sha256: 'digestCallWhy',
};

function WebCryptoMark({
  digestsText,
  status,
}: {
  digestsText: DigestsWords;
  status: WebCryptoStatus | undefined;
}): JSX.Element {
  if (status === undefined || status.state === 'pending')
    return <span className="mark mark-pending">{digestsText.webcryptoPending}</span>;
  if (status.state === 'unavailable')
    return <span className="mark mark-pending">{digestsText.webcryptoUnavailable}</span>;
  return status.agrees ? (
    <span className="mark mark-ok">✓ {digestsText.webcryptoAgrees}</span>
  ) : (
    <span className="mark mark-bad">✗ {digestsText.webcryptoDiffers}</span>
  );
}

/** The preimage is drawn only while it is open: a closed one costs a keystroke nothing (16 KiB of text for a large result). */
function Preimage({ digestsText, text }: { digestsText: DigestsWords; text: string }): JSX.Element {
  const [open, setOpen] = useState(false);
  return (
    <details className={styles.preimage} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{digestsText.showPreimage}</summary>
      {open ? <pre className={`preimage-text ${styles.preimageText}`}>{text}</pre> : null}
    </details>
  );
}

function DigestRow({
  digestsText,
  d,
  status,
}: {
  digestsText: DigestsWords;
  d: DigestView;
  status: WebCryptoStatus | undefined;
}): JSX.Element {
  return (
    <li className={cx('result-card', !d.match && 'result-card-bad')} aria-label={d.name} data-digest={d.name}>
      <div className="result-card-head">
        <code className={styles.name}>{d.name}</code>
        <span className={styles.purpose}>{d.purpose}</span>
      </div>
      <p className={styles.why}>{digestsText[WHY[d.name]]}</p>
      <div className={styles.marks}>
        {d.match ? (
          <span className="mark mark-ok">✓ {digestsText.storedMatches}</span>
        ) : (
          <span className="mark mark-bad">✗ {digestsText.storedDiffers}</span>
        )}
        <WebCryptoMark digestsText={digestsText} status={status} />
      </div>
      {d.match ? (
        <code className={styles.hex} data-testid={`digest-${d.name}`}>
          {d.recomputed}
        </code>
      ) : (
        <dl className={styles.hexPair}>
          <dt>{digestsText.stored}</dt>
          <dd>
            <code className={`${styles.hex} ${styles.hexBad}`}>{d.stored ?? '—'}</code>
          </dd>
          <dt>{digestsText.recomputed}</dt>
          <dd>
            <code className={styles.hex} data-testid={`digest-${d.name}`}>
              {d.recomputed ?? '—'}
            </code>
          </dd>
        </dl>
      )}
      {status?.state === 'done' && !status.agrees ? (
        <p className="hex-webcrypto">
          WebCrypto: <code className={`${styles.hex} ${styles.hexBad}`}>{status.value}</code>
        </p>
      ) : null}
      {d.preimage !== null ? <Preimage digestsText={digestsText} text={d.preimage} /> : null}
    </li>
  );
}

export const DigestsPanel = memo(function DigestsPanel({ lang, result }: DigestsPanelProps): JSX.Element {
  const digestsText = DIGESTS_TEXT[lang];
  // Here, not in the page: its answer arrives after each keystroke and re-renders this panel only.
  const webcrypto = useWebCryptoCheck(result);
  const key = result.trusted.key;
  return (
    <div className={styles.digests}>
      <p className={styles.algorithm}>
        {key === undefined ? digestsText.digestAlgorithmPlain : digestsText.digestAlgorithmKeyed(key.id)}
      </p>
      <ul className="card-list">
        {result.digests.map((d) => (
          <DigestRow key={d.name} digestsText={digestsText} d={d} status={webcrypto[d.name]} />
        ))}
      </ul>
      <Suspense fallback={null}>
        <DigestMap lang={lang} result={result} />
      </Suspense>
    </div>
  );
});
