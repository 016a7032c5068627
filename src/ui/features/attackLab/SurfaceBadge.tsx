/** Where an attack acts (the handler's output, the stored package, the adapter's route), as a coloured pill; the list and the opened attack show the same one. */
import type { JSX } from 'react';
import type { AttackInfo } from '../../../lessons/attacks.ts';
import type { Lang } from '../../../lang.ts';
import { cx } from '../../components/cx.ts';
import { ATTACK_LAB_TEXT } from './text.ts';
import styles from './SurfaceBadge.module.css';

export function SurfaceBadge({ surface, lang }: { surface: AttackInfo['surface']; lang: Lang }): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  return (
    <span className={cx(styles.surface, styles[`surface_${surface}`])}>
      <span className={styles.srOnly}>{t.surfaceHint}: </span>
      {t.surface[surface]}
    </span>
  );
}
