/**
 * The narrow screen's sticky bar for the playground, attack, exercise and
 * learn modes: the verdict and the problem count, and a jump per panel. In
 * the attack lab the open attack's verdict comes first, with a jump to it.
 */
import type { JSX, ReactNode } from 'react';
import type { Lang } from '../../lang.ts';
import type { Mode } from '../../playground/work.ts';
import { DIGESTS_TEXT } from '../features/digests/text.ts';
import { EDITOR_TEXT } from '../features/editor/text.ts';
import { HEADER_TEXT } from '../features/header/text.ts';
import {
  modeJumps,
  PanelNav,
  type BottomTab,
  type JumpPlace,
  type JumpPlaceView,
} from '../features/panelNav/PanelNav.tsx';
import type { PanelTarget } from '../components/focus.ts';
import { tabRef, tabsRootRef } from '../components/Tabs.tsx';
import { PANEL_NAV_TEXT } from '../features/panelNav/text.ts';
import { PAYLOADS_TEXT } from '../features/payloads/text.ts';
import { PROBLEMS_TEXT } from '../features/problems/text.ts';
import { SHELL_TEXT } from './text.ts';
import type { AttackVerdictLine } from './RightColumn.tsx';
import type { EditorVerdict } from './problemSubject.ts';
import type { FocusTargets } from './usePanelFocus.ts';

export interface VerdictBarProps {
  lang: Lang;
  mode: Exclude<Mode, 'turn' | 'recovery'>;
  problemCount: number;
  /** The page's one verdict on the editor's text (./problemSubject.ts), as the problems list says it too. */
  verdict: EditorVerdict;
  attackVerdict: AttackVerdictLine | null;
  targets: FocusTargets;
  onTab(tab: BottomTab): void;
  modeSwitch: ReactNode;
}

/** Each panel in the bar: its name (its title; the contract's own word for the two projections), where it is, what takes focus. */
function places(
  lang: Lang,
  { panels, editor, bottomTabs, exerciseHost }: FocusTargets,
): Record<JumpPlace, JumpPlaceView> {
  const panel = (p: PanelTarget, label: ReactNode) => ({ label, section: p.section, focus: p.title });
  const tab = (key: BottomTab, label: string) => ({
    label,
    section: tabsRootRef(bottomTabs),
    focus: tabRef(bottomTabs, key),
  });
  return {
    editor: panel(editor, EDITOR_TEXT[lang].editorTitle),
    problems: tab('problems', PROBLEMS_TEXT[lang].problemsTab),
    context: tab('context', PROBLEMS_TEXT[lang].contextTab),
    model: panel(panels['panel-model-result'], <code>model_result</code>),
    audit: panel(panels['panel-protected-audit'], <code>protected_audit</code>),
    digests: panel(panels['panel-digests'], DIGESTS_TEXT[lang].digestsTitle),
    payloads: panel(panels['panel-payloads'], PAYLOADS_TEXT[lang].payloadsTitle),
    attack: panel(panels['panel-attack'], SHELL_TEXT[lang].attackTitle),
    learn: panel(panels['panel-learn'], SHELL_TEXT[lang].learnTitle),
    exercise: { label: HEADER_TEXT[lang].modeExercise, section: exerciseHost, focus: exerciseHost },
  };
}

export function VerdictBar({
  lang,
  mode,
  problemCount,
  verdict,
  attackVerdict,
  targets,
  onTab,
  modeSwitch,
}: VerdictBarProps): JSX.Element {
  const panelNavText = PANEL_NAV_TEXT[lang];
  const jumps = modeJumps(mode, places(lang, targets), onTab);
  const count = panelNavText.problemCount(problemCount);
  if (mode === 'attack' && attackVerdict !== null) {
    // The jump lands on the attack's title and its lesson, the verdict right below them and focused: landing on the
    // verdict itself left the title and the lesson above it, under the bar.
    const attackDetail = {
      get current(): HTMLElement | null {
        const v = targets.attackVerdict.current;
        return v?.closest('article') ?? v;
      },
    };
    const verdict = {
      key: 'verdict',
      label: panelNavText.jumpVerdict(attackVerdict.id),
      section: attackDetail,
      focus: targets.attackVerdict,
    };
    return (
      <PanelNav
        lang={lang}
        ok={attackVerdict.kind !== 'not_stopped' && attackVerdict.kind !== 'sha256_passes_keyed_stops'}
        neutral={attackVerdict.kind === 'nothing_to_reject'}
        status={[attackVerdict.text, count]}
        jumps={[verdict, ...jumps]}
        modeSwitch={modeSwitch}
      />
    );
  }
  // Not started and not yet met are neither a pass nor a failure: the bar is neutral, as the problems list is.
  return (
    <PanelNav
      lang={lang}
      ok={verdict !== 'rejected'}
      neutral={verdict === 'not_started' || verdict === 'unmet'}
      status={
        verdict === 'not_started'
          ? [panelNavText.verdictNotStarted]
          : [
              verdict === 'ok'
                ? panelNavText.verdictOk
                : verdict === 'unmet'
                  ? panelNavText.verdictUnmet
                  : panelNavText.verdictRejected,
              count,
            ]
      }
      jumps={jumps}
      modeSwitch={modeSwitch}
    />
  );
}
