/**
 * The recovery lab (`?mode=recovery&case=…`): a real control plane over a
 * memory store, a downstream and a virtual clock, in the learner's hands.
 * Loaded with its mode, never on the first load. The view model is
 * src/lessons/recoveryLab/lab.ts; this file lays out its panels:
 *
 *   ┌ cases · hint · start over ──────────────────────────────────────────┐
 *   ├ virtual clock ──────────────────────────────────────────────────────┤
 *   │ the call, faults,     │ a broken plane beside │ downstream ledger    │
 *   │ access, approval      │ attempts (timeline)   │ idempotency records  │
 *   │                       │ what the model saw    │                      │
 *   │ proofs                │                       │ audit chain          │
 *   └──────────────────────────────────────────────────────────────────────┘
 * Below 1024 px the columns stack and the page scrolls through them.
 */
import { useRef, useState, type JSX, type MouseEvent, type ReactNode } from 'react';
import type { Lang } from '../../../lang.ts';
import {
  RECOVERY_CASE_IDS,
  recoveryShownCount,
  type RecoveryCaseId,
  type RecoveryStep,
} from '../../../lessons/recoveryProofs.ts';
import { usePlaceHref } from '../../hooks/usePresent.ts';
import { PanelNav, type Jump } from '../panelNav/PanelNav.tsx';
import { AttemptsPanel, ModelPanel } from './AnswerPanels.tsx';
import type { BrokenPlaneId } from '../../../lessons/recoveryLab/brokenPlaneIds.ts';
import type { LabAction } from '../../../lessons/recoveryLab/labLog.ts';
import { AuditPanel } from './AuditPanel.tsx';
import { BrokenPanel } from './BrokenPanel.tsx';
import { CallPanel } from './CallPanel.tsx';
import { ClockBar } from './ClockBar.tsx';
import { ProofsPanel } from './ProofsPanel.tsx';
import { LedgerPanel, RecordsPanel } from './StatePanels.tsx';
import { RECOVERY_TEXT } from './text.ts';
import { useRecoveryLab } from './useRecoveryLab.ts';
import { useScrollToChange } from './useScrollToChange.ts';
import { HEADER_TEXT } from '../header/text.ts';
import { RecoveryLabFrame } from '../labFrame/RecoveryLabFrame.tsx';
import styles from './RecoveryMode.module.css';

/** Where the injected email came from: the injection story's next turn, and the attack lab's A14 (full addresses: they open those modes). */
const STORY = {
  mode: 'turn',
  scenarioId: 'search_kb.injection',
  attackId: null,
  mistake: undefined,
  turnStream: 'openai.injection_follow_up',
} as const;
const ATTACK = {
  mode: 'attack',
  scenarioId: 'search_kb.injection',
  attackId: 'A14',
  mistake: undefined,
} as const;

export interface RecoveryModeProps {
  lang: Lang;
  caseId: RecoveryCaseId;
  caseHref(id: RecoveryCaseId): string;
  onCase(id: RecoveryCaseId): void;
  /** The broken plane beside the real one, as the address names it (`&broken=…`); null: none. */
  broken: BrokenPlaneId | null;
  onBroken(id: BrokenPlaneId | null): void;
  /** The learner's actions in this case, as the work keeps them (a reload or a share link replays them). */
  log: readonly LabAction[] | undefined;
  onLog(log: LabAction[] | undefined): void;
  onShare(): void;
  /** The learner's recovery proofs as kept in their progress. */
  shown: readonly RecoveryStep[];
  onStep(step: RecoveryStep): void;
  /** Clear the lab's proofs from the learner's progress (asked only after the learner confirmed). */
  onResetProofs(): void;
  notices: ReactNode;
  /** The switch to another mode, in the narrow layout's sticky bar. */
  modeSwitch: ReactNode;
}

/** The lab's panels in the order the stacked column shows them, by their ids (components/Panel.tsx: `id`, `id-title`). */
const PANEL_IDS = [
  'recovery-call',
  'recovery-proofs',
  'recovery-broken',
  'recovery-attempts',
  'recovery-model',
  'recovery-ledger',
  'recovery-records',
  'recovery-audit',
] as const;

const PANEL_TITLE = {
  'recovery-call': 'callTitle',
  'recovery-proofs': 'proofsTitle',
  'recovery-broken': 'brokenTitle',
  'recovery-attempts': 'attemptsTitle',
  'recovery-model': 'modelTitle',
  'recovery-ledger': 'ledgerTitle',
  'recovery-records': 'recordsTitle',
  'recovery-audit': 'auditTitle',
} as const satisfies Record<(typeof PANEL_IDS)[number], keyof (typeof RECOVERY_TEXT)['en']>;

/** A panel's name in the sticky bar: its title, or a short name where the title is long. */
function jumpName(t: (typeof RECOVERY_TEXT)['en'], id: (typeof PANEL_IDS)[number]): string {
  const short: Partial<Record<(typeof PANEL_IDS)[number], string>> = t.jumpNames;
  return short[id] ?? t[PANEL_TITLE[id]];
}

/** A panel found when the bar is used: the panels mount and remount with the case, and none is threaded a ref for this. */
function panelJump(id: (typeof PANEL_IDS)[number], label: string): Jump {
  return {
    key: id,
    label,
    section: {
      get current() {
        return document.getElementById(id);
      },
    },
    focus: {
      get current() {
        return document.getElementById(`${id}-title`);
      },
    },
  };
}

export default function RecoveryMode({
  lang,
  caseId,
  caseHref,
  onCase,
  broken,
  onBroken,
  log,
  onLog,
  onShare,
  shown,
  onStep,
  onResetProofs,
  notices,
  modeSwitch,
}: RecoveryModeProps): JSX.Element {
  const t = RECOVERY_TEXT[lang];
  const href = usePlaceHref();
  const [start, setStart] = useState(0);
  const { lab, state, beside, replaying } = useRecoveryLab(caseId, start, onStep, broken, log, onLog);
  const grid = useRef<HTMLDivElement>(null);
  useScrollToChange(grid, state, lab, replaying);
  const follow = (id: RecoveryCaseId) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onCase(id);
  };
  return (
    <>
      {notices}
      <PanelNav
        lang={lang}
        ok
        neutral
        status={[t.sideLedger(state.drafts.length, state.emails.length)]}
        modeSwitch={modeSwitch}
        jumps={PANEL_IDS.map((id) => panelJump(id, jumpName(t, id)))}
      />
      <main
        className={styles.mode}
        id="recovery-main"
        aria-label={HEADER_TEXT[lang].modeRecovery}
        tabIndex={-1}
        data-testid="recovery-mode"
        data-case={caseId}
        data-replaying={replaying ? 'true' : 'false'}
        aria-busy={replaying}
      >
        <div className={styles.top}>
          <p className={styles.lead}>{t.lead}</p>
          <nav className={styles.cases} aria-label={t.caseLabel}>
            {RECOVERY_CASE_IDS.map((id) => (
              <a
                key={id}
                href={caseHref(id)}
                aria-current={id === caseId ? 'page' : undefined}
                onClick={follow(id)}
                data-testid={`recovery-case-${id}`}
              >
                {t.cases[id]}
              </a>
            ))}
          </nav>
          <a href="#recovery-proofs" className={styles.count} data-testid="recovery-count">
            {t.summary(recoveryShownCount(shown))}
          </a>
          <RecoveryLabFrame
            key={`${caseId}-${start}-${broken ?? ''}`}
            lang={lang}
            caseId={caseId}
            state={state}
            replaying={replaying}
          />
          <p className={styles.hint} data-testid="recovery-hint">
            <strong>{t.cases[caseId]}:</strong> {t.caseHints[caseId]}{' '}
            <button
              type="button"
              className="btn"
              title={t.startOverHint}
              onClick={() => setStart((n) => n + 1)}
              data-testid="recovery-start-over"
            >
              {t.startOver}
            </button>{' '}
            <button type="button" className="btn" title={t.shareHint} onClick={onShare} data-testid="recovery-share">
              {t.share}
            </button>
          </p>
          {state.log === null ? (
            <p className={styles.hint} data-testid="recovery-log-full">
              {t.logFull}
            </p>
          ) : null}
          {caseId === 'injected_email' ? (
            <p className={styles.hint} data-testid="recovery-story-links">
              <a href={href(STORY)} data-testid="recovery-back-to-story">
                {t.backToStory}
              </a>{' '}
              · <a href={href(ATTACK)}>{t.backToAttack}</a>
            </p>
          ) : null}
        </div>
        <ClockBar lang={lang} lab={lab} state={state} />
        <div className={styles.grid} ref={grid}>
          <div className={styles.col} role="group" aria-label={t.columnNames[0]}>
            <CallPanel key={`${caseId}-${start}-${broken ?? ''}`} lang={lang} lab={lab} state={state} />
            <ProofsPanel lang={lang} shown={shown} onReset={onResetProofs} />
          </div>
          <div className={styles.col} role="group" aria-label={t.columnNames[1]}>
            <BrokenPanel lang={lang} broken={broken} onBroken={onBroken} state={state} beside={beside} />
            <AttemptsPanel lang={lang} state={state} />
            <ModelPanel lang={lang} state={state} />
          </div>
          <div className={styles.col} role="group" aria-label={t.columnNames[2]}>
            <LedgerPanel lang={lang} state={state} />
            <RecordsPanel lang={lang} state={state} />
            <AuditPanel lang={lang} lab={lab} state={state} />
          </div>
        </div>
      </main>
    </>
  );
}
