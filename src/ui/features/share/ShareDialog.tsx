/** The share link of the current state, selectable and copyable (the clipboard may be unavailable). */
import { useState, type JSX } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import type { Translate } from '../../i18n/strings.ts';
import type { Lang } from '../../../lang.ts';
import { SHARE_TEXT } from './text.ts';

export function ShareDialog({ t, lang, url, onClose, onCopy }: { t: Translate; lang: Lang; url: string | null; onClose(): void; onCopy(text: string): Promise<boolean> }): JSX.Element {
  const s = SHARE_TEXT[lang];
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      open={url !== null}
      title={s.shareDialogTitle}
      closeLabel={t('close')}
      onClose={() => {
        setCopied(false);
        onClose();
      }}
      className="share-dialog"
    >
      <p>{s.shareDialogBody}</p>
      <label className="share-field">
        <span>{s.shareLinkLabel}</span>
        <input type="text" readOnly value={url ?? ''} data-testid="share-url" onFocus={(e) => e.target.select()} />
      </label>
      <button type="button" className="btn" onClick={async () => setCopied(await onCopy(url ?? ''))}>
        {copied ? t('copied') : t('copy')}
      </button>
    </Dialog>
  );
}
