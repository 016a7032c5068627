/**
 * The narrow screen's sticky bar for the playground, attack, exercise and
 * learn modes: the verdict and the problem count, and a jump per panel. In
 * the attack lab the open attack's verdict comes first, with a jump to it.
 */
import type { JSX } from 'react';
import type { Mode } from '../../playground/work.ts';
import { modeJumps, PanelNav, type BottomTab } from '../features/panelNav/PanelNav.tsx';
import type { Translate } from '../i18n/strings.ts';
import type { AttackVerdictLine } from './RightColumn.tsx';
import type { FocusTargets } from './usePanelFocus.ts';

export interface VerdictBarProps {
  t: Translate;
  mode: Exclude<Mode, 'turn'>;
  problemCount: number;
  attackVerdict: AttackVerdictLine | null;
  targets: FocusTargets;
  onTab(tab: BottomTab): void;
}

export function VerdictBar({ t, mode, problemCount, attackVerdict, targets, onTab }: VerdictBarProps): JSX.Element {
  const jumps = modeJumps(t, mode, targets.jumps, onTab);
  const count = t('problemCount', { n: problemCount });
  if (mode === 'attack' && attackVerdict !== null) {
    const verdict = { key: 'verdict', label: t('jumpVerdict', { id: attackVerdict.id }), section: targets.attackVerdict, focus: targets.attackVerdict };
    return (
      <PanelNav
        t={t}
        ok={attackVerdict.kind !== 'not_stopped' && attackVerdict.kind !== 'sha256_passes_keyed_stops'}
        neutral={attackVerdict.kind === 'nothing_to_reject'}
        status={[attackVerdict.text, count]}
        jumps={[verdict, ...jumps]}
      />
    );
  }
  return <PanelNav t={t} ok={problemCount === 0} status={[t(problemCount === 0 ? 'verdictOk' : 'verdictRejected'), count]} jumps={jumps} />;
}
