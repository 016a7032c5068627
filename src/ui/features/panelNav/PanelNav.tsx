/**
 * Below the width where the panels fit side by side (styles/narrow.css), the
 * workspace is one column the learner scrolls through. This bar stays at the
 * top of the screen: the verdict and the problem count, so neither needs a
 * scroll to be seen, and one button per panel of the mode. On wide screens
 * CSS hides it: every panel is on screen at once there.
 */
import type { JSX } from 'react';
import type { Mode } from '../../../playground/work.ts';
import type { StringKey, Translate } from '../../i18n/strings.ts';

type Target = 'editor' | 'problems' | 'context' | 'model' | 'audit' | 'digests' | 'payloads' | 'attack' | 'learn' | 'exercise';
export type BottomTab = 'problems' | 'context';

/** Each mode's panels, in the order the column shows them (the DOM order). A new mode adds its row here. */
const PANELS: Record<Mode, readonly Target[]> = {
  playground: ['editor', 'problems', 'context', 'model', 'audit', 'digests', 'payloads'],
  attack: ['editor', 'problems', 'context', 'attack'],
  exercise: ['editor', 'problems', 'context', 'exercise', 'model', 'audit'],
  learn: ['editor', 'problems', 'context', 'learn'],
};

/**
 * Where a target is: the element scrolled to the top, the one focused (a
 * title or a tab, never the editor itself, so no on-screen keyboard pops up),
 * and its name: a string key, or the contract's own word.
 */
const WHERE: Record<Target, readonly [section: string, focus: string, label: StringKey | `=${string}`]> = {
  editor: ['panel-editor', 'panel-editor-title', 'editorTitle'],
  problems: ['bottom-tabs', 'bottom-tabs-tab-problems', 'problemsTab'],
  context: ['bottom-tabs', 'bottom-tabs-tab-context', 'contextTab'],
  model: ['panel-model-result', 'panel-model-result-title', '=model_result'],
  audit: ['panel-protected-audit', 'panel-protected-audit-title', '=protected_audit'],
  digests: ['panel-digests', 'panel-digests-title', 'digestsTitle'],
  payloads: ['panel-payloads', 'panel-payloads-title', 'payloadsTitle'],
  attack: ['panel-attack', 'panel-attack-title', 'attackTitle'],
  learn: ['panel-learn', 'panel-learn-title', 'learnTitle'],
  exercise: ['panel-exercise', 'panel-exercise', 'modeExercise'],
};

export interface PanelNavProps {
  t: Translate;
  mode: Mode;
  problems: number;
  onTab(tab: BottomTab): void;
}

export function PanelNav({ t, mode, problems, onTab }: PanelNavProps): JSX.Element {
  const go = (target: Target) => {
    const [section, focus] = WHERE[target];
    if (target === 'problems' || target === 'context') onTab(target);
    // After the tab switch has rendered; the scroll leaves room for this bar (scroll-margin-top in narrow.css).
    requestAnimationFrame(() => {
      document.getElementById(focus)?.focus({ preventScroll: true });
      document.getElementById(section)?.scrollIntoView({ block: 'start' });
    });
  };
  return (
    <nav className="panel-nav" aria-label={t('panelNav')}>
      <p className="panel-nav-status" data-testid="narrow-status">
        <span className={`mark ${problems === 0 ? 'mark-ok' : 'mark-bad'}`}>{t(problems === 0 ? 'verdictOk' : 'verdictRejected')}</span>
        <span>{t('problemCount', { n: problems })}</span>
      </p>
      <div className="panel-nav-jumps scroll-x" role="group" aria-label={t('panelNavJumps')}>
        {PANELS[mode].map((k) => {
          const label = WHERE[k][2];
          return (
            <button key={k} type="button" className="btn" onClick={() => go(k)}>
              {label.startsWith('=') ? <code>{label.slice(1)}</code> : t(label as StringKey)}
            </button>
          );
        })}
      </div>
    </nav>
  );
}
