/**
 * The top bar: what this is, the six modes (each a real link to its own
 * address), language, theme and help. On a phone the modes are one row that
 * scrolls sideways, the open one kept in view (Header.module.css).
 */
import { useEffect, useRef, type JSX, type MouseEvent } from 'react';
import type { Lang } from '../../../lang.ts';
import type { ThemePref } from '../../../playground/codecs/prefs.ts';
import { MODES, type Mode } from '../../../playground/work.ts';
import { HEADER_TEXT } from './text.ts';
import styles from './Header.module.css';

export interface HeaderProps {
  lang: Lang;
  mode: Mode;
  theme: ThemePref;
  /** Presentation for a classroom (`&present=1`): bigger verdicts and text, the secondary panels folded. */
  present: boolean;
  hrefOf(mode: Mode): string;
  onMode(mode: Mode): void;
  onLang(lang: Lang): void;
  onTheme(theme: ThemePref): void;
  onPresent(on: boolean): void;
  onHelp(): void;
}

export const MODE_LABEL: Record<
  Mode,
  'modePlayground' | 'modeAttack' | 'modeExercise' | 'modeLearn' | 'modeTurn' | 'modeRecovery'
> = {
  playground: 'modePlayground',
  attack: 'modeAttack',
  exercise: 'modeExercise',
  learn: 'modeLearn',
  turn: 'modeTurn',
  recovery: 'modeRecovery',
};

export function Header({
  lang,
  mode,
  theme,
  present,
  hrefOf,
  onMode,
  onLang,
  onTheme,
  onPresent,
  onHelp,
}: HeaderProps): JSX.Element {
  const headerText = HEADER_TEXT[lang];
  const modes = useRef<HTMLElement>(null);
  // Where the row scrolls (a phone), the open mode is in view: the row alone scrolls, never the page.
  useEffect(() => {
    const row = modes.current;
    const link = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row == null || link == null || row.scrollWidth <= row.clientWidth) return;
    const r = link.getBoundingClientRect();
    const left = r.left - row.getBoundingClientRect().left + row.scrollLeft;
    if (left < row.scrollLeft) row.scrollLeft = left;
    else if (left + r.width > row.scrollLeft + row.clientWidth) row.scrollLeft = left + r.width - row.clientWidth;
  }, [mode]);
  const follow = (m: Mode) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onMode(m);
  };
  return (
    <header className={styles.header}>
      <div className={styles.brand}>
        <h1 className={styles.title}>{headerText.appTitle}</h1>
        <p className={`tagline ${styles.tagline}`}>{headerText.appTagline}</p>
      </div>
      <nav ref={modes} className={`modes ${styles.modes}`} aria-label={headerText.modesLabel}>
        {MODES.map((m) => (
          <a
            key={m}
            href={hrefOf(m)}
            className={styles.modeLink}
            aria-current={m === mode ? 'page' : undefined}
            onClick={follow(m)}
          >
            {headerText[MODE_LABEL[m]]}
          </a>
        ))}
      </nav>
      <div className={styles.tools}>
        <div className="segmented" role="group" aria-label={headerText.language}>
          <button type="button" lang="zh" aria-pressed={lang === 'zh'} onClick={() => onLang('zh')}>
            中文
          </button>
          <button type="button" lang="en" aria-pressed={lang === 'en'} onClick={() => onLang('en')}>
            English
          </button>
        </div>
        <label className="inline-label">
          <span className={styles.themeWord}>{headerText.theme}</span>
          <select value={theme} onChange={(e) => onTheme(e.target.value as ThemePref)}>
            <option value="light">{headerText.themeLight}</option>
            <option value="dark">{headerText.themeDark}</option>
            <option value="system">{headerText.themeSystem}</option>
          </select>
        </label>
        <button
          type="button"
          className="btn"
          aria-pressed={present}
          onClick={() => onPresent(!present)}
          title={headerText.presentHint}
          data-testid="present-toggle"
        >
          <svg className="icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M1 2h14v9H1zM8 11v3M5 14h6" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>{' '}
          <span className={styles.btnText}>{headerText.present}</span>
          <span className="sr-only">: {headerText.presentHint}</span>
        </button>
        <button
          type="button"
          className="btn"
          onClick={onHelp}
          aria-haspopup="dialog"
          aria-label={headerText.help}
          aria-keyshortcuts="Shift+Slash"
        >
          ? <span className={styles.btnText}>{headerText.helpButton}</span>
        </button>
      </div>
    </header>
  );
}
