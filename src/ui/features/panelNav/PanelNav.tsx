/**
 * Below the width where the panels fit side by side (1024 px), the
 * workspace is one column the learner scrolls through. This bar stays at the
 * top of the screen: the verdict and the problem count, so neither needs a
 * scroll to be seen, the modes (features/header/ModeSwitch.tsx: the header's
 * are far above once the page scrolls), and one button per panel of the mode.
 * On wide screens CSS hides it: every panel is on screen at once there.
 */
import { useEffect, useRef, type JSX, type ReactNode, type RefObject } from 'react';
import { padScrollBelow, scrollBelowBar } from '../../../playground/browser.ts';
import type { Mode } from '../../../playground/work.ts';
import type { Lang } from '../../../lang.ts';
import { PANEL_NAV_TEXT } from './text.ts';
import styles from './PanelNav.module.css';

export type JumpPlace =
  'editor' | 'problems' | 'context' | 'model' | 'audit' | 'digests' | 'payloads' | 'attack' | 'learn' | 'exercise';
export type BottomTab = 'problems' | 'context';

/** Each mode's panels, in the order the column shows them (the DOM order). The turn mode has its own (features/turn/TurnMode.tsx). */
const PANELS: Record<Exclude<Mode, 'turn' | 'recovery'>, readonly JumpPlace[]> = {
  playground: ['editor', 'problems', 'context', 'model', 'audit', 'digests', 'payloads'],
  attack: ['editor', 'problems', 'context', 'attack'],
  exercise: ['editor', 'problems', 'context', 'exercise', 'model', 'audit'],
  learn: ['editor', 'problems', 'context', 'learn'],
};

/**
 * Where a target is: the element scrolled to the top, and the one focused (a
 * title or a tab, never the editor itself, so no on-screen keyboard pops up).
 */
export interface JumpTarget {
  section: RefObject<HTMLElement | null>;
  focus: RefObject<HTMLElement | null>;
}

/** One button of the bar: where it goes, and what to do first (select a tab). */
export interface Jump extends JumpTarget {
  key: string;
  label: ReactNode;
  before?: () => void;
}

/** A panel as the bar shows it: its name, and where it is. */
export interface JumpPlaceView extends JumpTarget {
  label: ReactNode;
}

/** The jumps of the playground, attack, exercise and learn modes. */
export function modeJumps(
  mode: Exclude<Mode, 'turn' | 'recovery'>,
  places: Record<JumpPlace, JumpPlaceView>,
  onTab: (tab: BottomTab) => void,
): Jump[] {
  return PANELS[mode].map((k) => ({
    key: k,
    ...places[k],
    ...(k === 'problems' || k === 'context' ? { before: () => onTab(k) } : {}),
  }));
}

export interface PanelNavProps {
  lang: Lang;
  /** The verdict's colour, and the lines that say it (the verdict, the problem count). */
  ok: boolean;
  /** Neither a pass nor a refusal (A14: nothing to reject): a neutral colour. */
  neutral?: boolean;
  status: readonly string[];
  jumps: readonly Jump[];
  /** The switch to another mode, at the start of the jumps' row. */
  modeSwitch: ReactNode;
}

/** Space between the bar and what is scrolled to below it. */
const GAP = 8;

export function PanelNav({ lang, ok, neutral = false, status, jumps, modeSwitch }: PanelNavProps): JSX.Element {
  const panelNavText = PANEL_NAV_TEXT[lang];
  const nav = useRef<HTMLElement>(null);
  // Focus the browser scrolls to (Tab, Alt+1…6) lands below the bar too, however many rows it wraps to.
  useEffect(() => (nav.current === null ? undefined : padScrollBelow(nav.current, GAP)), []);
  const go = (j: Jump) => {
    j.before?.();
    // After a tab switch has rendered. The target lands just below the bar, whatever its height: the page's scroll
    // padding is the bar's (padScrollBelow, kept as the bar wraps), and scrolling to a start honours it.
    requestAnimationFrame(() => {
      j.focus.current?.focus({ preventScroll: true });
      const target = j.section.current;
      if (target !== null) scrollBelowBar(target);
    });
  };
  const [first, ...rest] = status;
  return (
    <nav ref={nav} className={styles.nav} aria-label={panelNavText.panelNav}>
      <p className={styles.status} data-testid="narrow-status">
        <span className={`mark ${neutral ? 'mark-neutral' : ok ? 'mark-ok' : 'mark-bad'}`}>{first}</span>
        {rest.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </p>
      {modeSwitch}
      <div className={styles.jumps} role="group" aria-label={panelNavText.panelNavJumps}>
        {jumps.map((j) => (
          <button key={j.key} type="button" className="btn" onClick={() => go(j)}>
            {j.label}
          </button>
        ))}
      </div>
    </nav>
  );
}
