/** The share link of the current state, selectable and copyable (the clipboard may be unavailable). */
import { useState, type JSX } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import type { Translate } from '../../i18n/strings.ts';

export function ShareDialog({ t, url, onClose, onCopy }: { t: Translate; url: string | null; onClose(): void; onCopy(text: string): Promise<boolean> }): JSX.Element {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      open={url !== null}
      title={t('shareDialogTitle')}
      closeLabel={t('close')}
      onClose={() => {
        setCopied(false);
        onClose();
      }}
      className="share-dialog"
    >
      <p>{t('shareDialogBody')}</p>
      <label className="share-field">
        <span>{t('shareLinkLabel')}</span>
        <input type="text" readOnly value={url ?? ''} data-testid="share-url" onFocus={(e) => e.target.select()} />
      </label>
      <button type="button" className="btn" onClick={async () => setCopied(await onCopy(url ?? ''))}>
        {copied ? t('copied') : t('copy')}
      </button>
    </Dialog>
  );
}
