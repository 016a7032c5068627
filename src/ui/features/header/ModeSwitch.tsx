/**
 * The modes again, in the narrow layout's sticky bar (features/panelNav): deep in a page on a phone the header's
 * row of modes is far above, and a learner should not have to scroll back to change mode. A button that says the
 * open mode and unfolds the header's links (the same names, the same addresses: a modified click opens a new tab).
 * Escape, a click elsewhere or the focus leaving folds it. The bar is a mode's own, so a switch to another mode
 * draws a new one: the focus goes to its button, not to the top of the page.
 */
import { useEffect, useId, useRef, useState, type JSX, type MouseEvent } from 'react';
import type { Lang } from '../../../lang.ts';
import { MODES, type Mode } from '../../../playground/work.ts';
import { MODE_LABEL } from './Header.tsx';
import { HEADER_TEXT } from './text.ts';
import styles from './ModeSwitch.module.css';

export interface ModeSwitchProps {
  lang: Lang;
  mode: Mode;
  hrefOf(mode: Mode): string;
  onMode(mode: Mode): void;
}

/** The mode whose bar takes the focus when it is drawn: the one just chosen in a bar. */
let focusFor: Mode | null = null;

export function ModeSwitch({ lang, mode, hrefOf, onMode }: ModeSwitchProps): JSX.Element {
  const headerText = HEADER_TEXT[lang];
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const current = headerText[MODE_LABEL[mode]];

  useEffect(() => {
    const wanted = focusFor === mode;
    focusFor = null;
    if (wanted) button.current?.focus({ preventScroll: true });
  }, [mode]);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (e: PointerEvent) => {
      if (!(e.target instanceof Node) || root.current?.contains(e.target) !== true) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const follow = (m: Mode) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setOpen(false);
    if (m === mode) {
      button.current?.focus();
      return;
    }
    focusFor = m;
    onMode(m);
  };
  return (
    <div
      ref={root}
      className={styles.modeSwitch}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
      onBlur={(e) => {
        if (open && !(e.relatedTarget instanceof Node && root.current?.contains(e.relatedTarget) === true))
          setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`btn ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={headerText.modeSwitch(current)}
        onClick={() => setOpen((o) => !o)}
        data-testid="bar-mode-switch"
      >
        {current} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <ul id={listId} className={styles.list} hidden={!open} aria-label={headerText.modeSwitchList}>
        {MODES.map((m) => (
          <li key={m}>
            <a
              href={hrefOf(m)}
              className={styles.link}
              aria-current={m === mode ? 'page' : undefined}
              onClick={follow(m)}
            >
              {headerText[MODE_LABEL[m]]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
