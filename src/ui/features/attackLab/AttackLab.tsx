/**
 * The attack lab (docs/scenarios.md#attacks): pick one of A1–A15, run it on the scenario as the
 * learner edited it, and see exactly what the attacker changed and which
 * check stops it, in the learner's language. Every verdict comes from the
 * core's real checks (`runAttack`, `validateResult`, `toProviderItem`).
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useState, type JSX, type Ref } from 'react';
import { ATTACKS, ATTACK_IDS, attackApplies, type AttackId } from '../../../lessons/attacks.ts';
import { ATTACK_TEXT } from '../../../lessons/attackText.ts';
import type { Scenario } from '#lib/core/result/index.ts';
import { VisibleText } from '../../components/DiffView/VisibleText.tsx';
import type { Lang } from '../../../lang.ts';
import { AttackDetail } from './AttackDetail.tsx';
import { attackView, type Verdict } from '../../../playground/attackView.ts';
import { cx } from '../../components/cx.ts';
import { ATTACK_LAB_TEXT } from './text.ts';
import { SurfaceBadge } from './SurfaceBadge.tsx';
import type { InjectionTurn } from './VerdictView.tsx';
import { RealCaseLink } from './RealCaseLink.tsx';
import { attackSolved } from '../../../lessons/labs/labGoals.ts';
import styles from './AttackLab.module.css';

export interface AttackLabProps {
  /** The current scenario as the learner edited it. */
  scenario: Scenario;
  attackId: AttackId | null;
  lang: Lang;
  onSelectAttack(id: AttackId | null): void;
  /** Switch to another built-in scenario (e.g. the attack's defaultScenario). */
  onOpenScenario(id: string): void;
  /** The model turn mode at the injection's follow-up stream (A14: what the model asks for next). */
  injectionTurn: InjectionTurn;
  /** The lab's real case (AgentDojo's banking suite): the list ends with it, and A14's verdict links to it. */
  realCase: InjectionTurn;
  /** The open attack's verdict in a few words, for the phone's sticky bar (null: none chosen, or it does not apply). */
  onVerdict?(v: AttackVerdictLine | null): void;
  /** Receives the verdict, which the sticky bar's jump scrolls to and focuses. */
  verdictRef?: Ref<HTMLElement>;
  /** The attacks the learner's progress records as tried (playground/progress.ts). */
  tried?: readonly string[];
}

export interface AttackVerdictLine {
  id: AttackId;
  kind: Verdict['kind'];
  /** With its mark: "A14 ○ nothing to reject". */
  text: string;
}

export function AttackLab({
  scenario,
  attackId,
  lang,
  onSelectAttack,
  onOpenScenario,
  injectionTurn,
  realCase,
  onVerdict,
  verdictRef,
  tried = [],
}: AttackLabProps): JSX.Element {
  const t = ATTACK_LAB_TEXT[lang];
  // The attacks the learner ran by hand in this visit: an attack opened by its address, or on load, is not one.
  const [ran, setRan] = useState<ReadonlySet<AttackId>>(() => new Set());
  const markRan = useCallback((id: AttackId) => setRan((r) => (r.has(id) ? r : new Set([...r, id]))), []);
  const select = (id: AttackId) => {
    markRan(id);
    onSelectAttack(id);
  };
  const openScenario = (id: string) => {
    onOpenScenario(id);
    if (attackId === null) return;
    markRan(attackId);
    // Running it on its own scenario is trying it too: the progress records it as the list's button does.
    if (!tried.includes(attackId)) onSelectAttack(attackId);
  };
  // The list's "needs another scenario" hints may lag a keystroke behind; the selected attack never does.
  const listScenario = useDeferredValue(scenario);
  const applies = useMemo(() => {
    const out = new Map<AttackId, boolean>();
    for (const id of ATTACK_IDS) {
      try {
        out.set(id, attackApplies(id, listScenario));
      } catch {
        out.set(id, false);
      }
    }
    return out;
  }, [listScenario]);
  const view = useMemo(() => (attackId === null ? null : attackView(attackId, scenario)), [attackId, scenario]);
  const verdict = view?.verdict ?? null;
  useEffect(() => {
    onVerdict?.(
      attackId === null || verdict === null
        ? null
        : { id: attackId, kind: verdict.kind, text: `${attackId} ${t.barVerdict[verdict.kind]}` },
    );
  }, [onVerdict, attackId, verdict, t]);
  useEffect(() => () => onVerdict?.(null), [onVerdict]);

  return (
    <div className={styles.root} data-testid="attack-lab">
      <div className={styles.layout}>
        <nav className={styles.nav} aria-label={t.listLabel}>
          <p className={styles.scenarioLine}>
            {t.runningOn}:{' '}
            <strong>
              <VisibleText text={scenario.title[lang]} lang={lang} />
            </strong>{' '}
            <code>
              <VisibleText text={scenario.id} lang={lang} />
            </code>
          </p>
          <ol className={styles.list}>
            {ATTACK_IDS.map((id) => {
              const info = ATTACKS[id];
              const selected = id === attackId;
              const here = applies.get(id) ?? false;
              return (
                <li key={id}>
                  <button
                    type="button"
                    className={cx(styles.item, selected && styles.selected)}
                    aria-pressed={selected}
                    data-testid={`attack-${id}`}
                    title={ATTACK_TEXT[lang][id].title}
                    onClick={() => select(id)}
                  >
                    <span className={styles.itemId}>{id}</span>
                    <span className={styles.itemTitle}>{ATTACK_TEXT[lang][id].title}</span>
                    <span className={styles.itemMeta}>
                      <SurfaceBadge surface={info.surface} lang={lang} />
                      {!here && <span className={styles.notHere}>{t.notHere}</span>}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
          <RealCaseLink lang={lang} link={realCase} />
        </nav>

        <p className={styles.srOnly} role="status" aria-live="polite">
          {view === null ? '' : t.announce(view.info.id, t.kindWord[view.verdict?.kind ?? 'inapplicable'] ?? '')}
        </p>
        <section className={styles.detail} aria-labelledby={view === null ? undefined : 'attack-lab-title'}>
          {view === null ? (
            <p className={styles.pick}>{t.pick}</p>
          ) : (
            <AttackDetail
              key={view.info.id}
              view={view}
              scenario={scenario}
              lang={lang}
              onOpenScenario={openScenario}
              injectionTurn={injectionTurn}
              realCase={realCase}
              verdictRef={verdictRef}
              solved={attackSolved(ran.has(view.info.id), tried.includes(view.info.id), view.verdict !== null)}
            />
          )}
        </section>
      </div>
    </div>
  );
}
