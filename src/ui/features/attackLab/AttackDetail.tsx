/** One attack opened: its lesson, then either why it does not apply here or its verdict, the adapter's answer, the two calls and the diffs. */
import type { JSX, Ref } from 'react';
import { type Scenario } from '#lib/core/result/index.ts';
import type { Lang } from '../../../lang.ts';
import { ATTACK_TEXT } from '../../../lessons/attackText.ts';
import type { AttackView } from '../../../playground/attackView.ts';
import { AdapterView } from './AdapterView.tsx';
import { Diffs } from './Diffs.tsx';
import { ATTACK_LAB_TEXT } from './text.ts';
import { TwoCalls } from './TwoCalls.tsx';
import { VerdictView, type InjectionTurn } from './VerdictView.tsx';
import { SurfaceBadge } from './SurfaceBadge.tsx';
import { AttackLabFrame } from '../labFrame/AttackLabFrame.tsx';
import styles from './AttackDetail.module.css';
import { findScenario } from '../../../chapter/index.ts';

export function AttackDetail({
  view,
  scenario,
  lang,
  onOpenScenario,
  injectionTurn,
  realCase,
  verdictRef,
  solved,
}: {
  view: AttackView;
  scenario: Scenario;
  lang: Lang;
  onOpenScenario(id: string): void;
  injectionTurn: InjectionTurn;
  /** The lab's real case, which A14's verdict links to. */
  realCase: InjectionTurn;
  verdictRef: Ref<HTMLElement> | undefined;
  /** The learner ran this attack themselves and the real checks answered (lessons/labs/labGoals.ts). */
  solved: boolean;
}): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  const { info, run, verdict, inapplicable } = view;
  const fallback = findScenario(info.defaultScenario);
  return (
    <article className={styles.article} data-testid="attack-detail" data-attack={info.id}>
      <header className={styles.header}>
        <h3 id="attack-lab-title" className={styles.title}>
          <span className={styles.id}>{info.id}</span> {ATTACK_TEXT[lang][info.id].title}
        </h3>
        <SurfaceBadge surface={info.surface} lang={lang} />
      </header>
      <AttackLabFrame lang={lang} id={info.id} solved={solved} />
      <p className="lead" data-testid="attack-lesson">
        <strong>{t.lesson}: </strong>
        {ATTACK_TEXT[lang][info.id].lesson}
      </p>

      {inapplicable !== null || run === null || verdict === null ? (
        <div className={styles.inapplicable} data-testid="attack-inapplicable" data-why={inapplicable?.why}>
          <p>{inapplicable === null ? '' : t.inapplicable(inapplicable, info.id)}</p>
          {fallback !== null && (
            <button
              type="button"
              className={styles.primary}
              onClick={() => onOpenScenario(info.defaultScenario)}
              data-testid="attack-run-default"
            >
              {t.runOn(fallback.title[lang])}
              {fallback.id === scenario.id ? ' ↺' : ''}
            </button>
          )}
        </div>
      ) : (
        <>
          <VerdictView
            verdict={verdict}
            view={view}
            lang={lang}
            injectionTurn={injectionTurn}
            realCase={realCase}
            verdictRef={verdictRef}
          />
          {view.adapter !== null && (
            <AdapterView
              adapter={view.adapter}
              victim={run.victim.trusted}
              tampered={run.tampered.trusted}
              lang={lang}
            />
          )}
          {run.other !== undefined && <TwoCalls other={run.other} victim={run.victim} id={info.id} lang={lang} />}
          <Diffs view={view} lang={lang} />
        </>
      )}
    </article>
  );
}
