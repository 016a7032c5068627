/** How to read the page first, then the keyboard shortcuts, in the learner's language; the "Start here" guide reopens from here. */
import { memo, type JSX } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { COMPONENT_TEXT } from '../../components/text.ts';
import { HEADER_TEXT } from '../header/text.ts';
import type { Lang } from '../../../lang.ts';
import { HELP_TEXT } from './text.ts';
import styles from './HelpDialog.module.css';

const SHORTCUTS: readonly [string[], keyof (typeof HELP_TEXT)['en']][] = [
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
  [['←', '→', 'Home', 'End'], 'keyStream'],
  [['J'], 'keyNextLesson'],
  [['K'], 'keyPrevLesson'],
];

export const HelpDialog = memo(function HelpDialog({
  lang,
  open,
  onClose,
  onGuide,
}: {
  lang: Lang;
  open: boolean;
  onClose(): void;
  onGuide(): void;
}): JSX.Element {
  const h = HELP_TEXT[lang];
  const headerText = HEADER_TEXT[lang];
  const componentText = COMPONENT_TEXT[lang];
  return (
    <Dialog
      open={open}
      title={headerText.help}
      closeLabel={componentText.close}
      onClose={onClose}
      className="help-dialog"
    >
      <p>{h.helpIntro}</p>
      <p>
        <button type="button" className="btn" onClick={onGuide} data-testid="open-guide">
          {h.openGuide}
        </button>
      </p>
      <h3 className={styles.heading}>{h.helpReading}</h3>
      <ul>
        <li>{h.helpReading1}</li>
        <li>{h.helpReading2}</li>
        <li>{h.helpReading3}</li>
        <li>{h.helpReading4}</li>
        <li>{h.helpReading5}</li>
      </ul>
      <h3 className={styles.heading}>{h.helpShortcuts}</h3>
      <table className={styles.shortcuts}>
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
              <td>{h[what]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
});
