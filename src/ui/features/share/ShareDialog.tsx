/** The share link of the current state, selectable and copyable (the clipboard may be unavailable), and as a QR code for phones. */
import { useMemo, useState, type JSX } from 'react';
import { qrCode } from './qrCode.ts';
import { isLoopbackUrl } from './loopback.ts';
import { linkPresenting } from '../../../playground/presentAddress.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { COMPONENT_TEXT } from '../../components/text.ts';
import type { Lang } from '../../../lang.ts';
import { SHARE_TEXT } from './text.ts';
import styles from './ShareDialog.module.css';

export function ShareDialog({
  lang,
  url: stateUrl,
  onClose,
  onCopy,
}: {
  lang: Lang;
  url: string | null;
  onClose(): void;
  onCopy(text: string): Promise<boolean>;
}): JSX.Element {
  const s = SHARE_TEXT[lang];
  const componentText = COMPONENT_TEXT[lang];
  const [copied, setCopied] = useState(false);
  // Off unless asked: the presenter's large print is not what a student's phone needs.
  const [presenting, setPresenting] = useState(false);
  const url = stateUrl === null ? null : linkPresenting(stateUrl, presenting);
  const qr = useMemo(() => (url === null ? null : qrCode(url)), [url]);
  return (
    <Dialog
      open={url !== null}
      title={s.shareDialogTitle}
      closeLabel={componentText.close}
      onClose={() => {
        setCopied(false);
        setPresenting(false);
        onClose();
      }}
      className="share-dialog"
    >
      <p>{s.shareDialogBody}</p>
      <label className={styles.field}>
        <span>{s.shareLinkLabel}</span>
        <input type="text" readOnly value={url ?? ''} data-testid="share-url" onFocus={(e) => e.target.select()} />
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={presenting}
          onChange={(e) => {
            setPresenting(e.target.checked);
            setCopied(false);
          }}
          data-testid="share-presenting"
        />{' '}
        {s.presenting}
      </label>
      <button type="button" className="btn" onClick={async () => setCopied(await onCopy(url ?? ''))}>
        {copied ? s.copied : s.copy}
      </button>
      <p className="muted small" data-testid="share-length">
        {s.linkLength(url?.length ?? 0)}
      </p>
      {url !== null && isLoopbackUrl(url) ? (
        <p className="inline-warning" data-testid="share-loopback">
          {s.loopback(new URL(url).host)}
        </p>
      ) : null}
      {qr === null ? null : qr.ok ? (
        <figure className={styles.qr}>
          {/* Dark on light in every theme: a phone's camera reads the code, not the page's colours. */}
          <svg
            viewBox={`0 0 ${qr.size} ${qr.size}`}
            role="img"
            aria-label={s.qrLabel}
            data-testid="share-qr"
            shapeRendering="crispEdges"
          >
            <rect width={qr.size} height={qr.size} fill="#fff" />
            <path d={qr.path} fill="#000" />
          </svg>
          <figcaption>{s.qrCaption}</figcaption>
        </figure>
      ) : (
        <p className="inline-warning" data-testid="share-qr-too-long">
          {s.qrTooLong}
        </p>
      )}
    </Dialog>
  );
}
