/** The keyboard shortcuts and a short "how to read this page", in the learner's language. */
import { memo, type JSX } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import type { StringKey, Translate } from '../../i18n/strings.ts';

const SHORTCUTS: readonly [string[], StringKey][] = [
  [['Alt', '1'], 'keyEditor'],
  [['Alt', '2'], 'keyProblems'],
  [['Alt', '3'], 'keyContext'],
  [['Alt', '4'], 'keyResults'],
  [['Alt', '5'], 'keyDigests'],
  [['Alt', '6'], 'keyPayloads'],
  [['?'], 'keyHelp'],
  [['Esc'], 'keyEscape'],
  [['Ctrl', 'M'], 'keyTabTrap'],
  [['F1'], 'keyPalette'],
  [['Enter'], 'keyEnter'],
  [['←', '→', '↑', '↓'], 'keySplitter'],
];

export const HelpDialog = memo(function HelpDialog({ t, open, onClose }: { t: Translate; open: boolean; onClose(): void }): JSX.Element {
  return (
    <Dialog open={open} title={t('help')} closeLabel={t('close')} onClose={onClose} className="help-dialog">
      <p>{t('helpIntro')}</p>
      <h3>{t('helpShortcuts')}</h3>
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <tr key={what}>
              <th scope="row">
                {keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && keys.length === 2 ? ' + ' : i > 0 ? ' ' : ''}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </th>
              <td>{t(what)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t('helpReading')}</h3>
      <ul>
        <li>{t('helpReading1')}</li>
        <li>{t('helpReading2')}</li>
        <li>{t('helpReading3')}</li>
        <li>{t('helpReading4')}</li>
      </ul>
    </Dialog>
  );
});
