/**
 * The attack lab's real case (`?mode=attack&case=agentdojo_banking`): AgentDojo's banking user_task_4 under
 * injection_task_5, walked step by step in front of a real control plane running in the page
 * (src/lessons/agentdojoCase/). Loaded with the case, never on the first load. Its own page, not a column
 * beside the editor: the case has no handler output to edit, and on a phone it reads top to bottom.
 *
 *   ┌ ← A14 · title · lead · source · start over ──────────────────────────┐
 *   ├ the bank: payments made, what it sent ──────────────────────────────┤
 *   │ 1 the user's request           │ 3 the refund                        │
 *   │ 2 the model reads the history  │ 4 the hijacked model's ask: held    │
 *   │   (the poisoned subject)       │ 5 your proof · what it cannot catch │
 *   └──────────────────────────────────────────────────────────────────────┘
 * Below 1024 px one column, in the steps' order, under the narrow bar (the count, and a jump to each step).
 */
import { useEffect, useRef, type JSX, type MouseEvent, type ReactNode } from 'react';
import type { Lang } from '../../../lang.ts';
import { UPSTREAM } from '../../../lessons/agentdojoCase/upstream.ts';
import { scrollPageToTop } from '../../../playground/browser.ts';
import type { ShellLinks } from '../../shell/shellLinks.ts';
import type { PlaygroundApi } from '../../state/usePlayground.ts';
import { PanelNav, type Jump } from '../panelNav/PanelNav.tsx';
import { BankStrip } from './BankStrip.tsx';
import { HijackStep } from './HijackStep.tsx';
import { ProofStep } from './ProofStep.tsx';
import { ReadStep } from './ReadStep.tsx';
import { RefundStep } from './RefundStep.tsx';
import { RequestStep } from './RequestStep.tsx';
import { CASE_TEXT } from './text.ts';
import { useAgentDojoCase } from './useAgentDojoCase.ts';
import styles from './AgentDojoCase.module.css';

export interface AgentDojoCaseModeProps {
  lang: Lang;
  /** A place's address, and opening it: the case links back to A14, the attack it follows. */
  hrefFor: ShellLinks['hrefFor'];
  go: PlaygroundApi['go'];
  notices: ReactNode;
  /** The switch to another mode, in the narrow layout's sticky bar. */
  modeSwitch: ReactNode;
}

/** A14 on search_kb.injection: the injection that stays data, which this case takes one step further. */
const A14 = { mode: 'attack', scenarioId: 'search_kb.injection', attackId: 'A14' } as const;

const STEP_IDS = ['case-request', 'case-read', 'case-refund', 'case-hijack', 'case-proof'] as const;

/** A step found when the bar is used: the steps are the page's own sections, looked up by id. */
function stepJump(id: string, label: string): Jump {
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

export default function AgentDojoCaseMode({
  lang,
  hrefFor,
  go,
  notices,
  modeSwitch,
}: AgentDojoCaseModeProps): JSX.Element {
  const t = CASE_TEXT[lang];
  const { lesson, state, startOver } = useAgentDojoCase();
  const title = useRef<HTMLHeadingElement>(null);
  // Opened from the lab's list or A14 (the same mode): the page starts at its top, its title in focus. Opened by
  // its address, before the learner did anything, the focus stays where a page load leaves it (the skip link first).
  useEffect(() => {
    scrollPageToTop();
    if (navigator.userActivation?.hasBeenActive === true) title.current?.focus({ preventScroll: true });
  }, []);
  const last = state.asks[0] ?? null;
  const payments = state.payments.length;
  const held = state.asks.filter((a) => a.code === 'APPROVAL_REQUIRED').length;
  // A step's button gives way to its answer: the focus goes to that answer, not to the page's start.
  const then = (work: () => Promise<void>, answerId: string) => () =>
    void work().then(() => requestAnimationFrame(() => document.getElementById(answerId)?.focus()));
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(A14);
  };
  return (
    <>
      {notices}
      <PanelNav
        lang={lang}
        ok={held > 0}
        neutral={held === 0}
        status={t.status(payments, held)}
        modeSwitch={modeSwitch}
        jumps={STEP_IDS.map((id, i) => stepJump(id, t.jumpNames[i] ?? id))}
      />
      <main
        className={styles.mode}
        id="agentdojo-case"
        tabIndex={-1}
        data-testid="agentdojo-case"
        data-lang={lang}
        aria-busy={state.busy}
      >
        <div className={styles.top}>
          <a
            href={hrefFor({ ...A14, mistake: undefined })}
            onClick={follow}
            className={styles.back}
            data-testid="case-back"
          >
            {t.back}
          </a>
          <h2 className={styles.title} ref={title} tabIndex={-1}>
            {t.title}
          </h2>
          <p className="lead">{t.lead}</p>
          <p className={`small ${styles.source}`} data-testid="case-source">
            <strong>{t.source}: </strong>
            {t.sourceLine(UPSTREAM.repo, UPSTREAM.commit, UPSTREAM.licence)}{' '}
            {t.sourceTasks(UPSTREAM.userTask, UPSTREAM.injectionTask, UPSTREAM.attack)} <code>{UPSTREAM.root}</code>:{' '}
            {UPSTREAM.files.map((f, i) => (
              <span key={f}>
                <code>{f}</code>
                {i < UPSTREAM.files.length - 1 ? ', ' : '.'}
              </span>
            ))}
          </p>
          <p className={styles.topActions}>
            <button
              type="button"
              className="btn"
              title={t.startOverHint}
              onClick={startOver}
              data-testid="case-start-over"
            >
              {t.startOver}
            </button>
            <span className="small muted">{t.startOverHint}</span>
          </p>
        </div>
        <BankStrip lang={lang} payments={state.payments} />
        <p className="sr-only" role="status" aria-live="polite" data-testid="case-announce">
          {state.busy
            ? ''
            : last === null
              ? ''
              : last.code === 'APPROVAL_REQUIRED'
                ? t.announceHeld(last.code, last.payments_after)
                : t.announceRan}
        </p>
        <div className={styles.steps} role="group" aria-label={t.stepsLabel}>
          <div className={styles.column}>
            <RequestStep lang={lang} state={state} />
            <ReadStep lang={lang} state={state} onRead={then(lesson.read, 'case-read-done')} />
          </div>
          <div className={styles.column}>
            <RefundStep lang={lang} state={state} onRefund={then(lesson.refund, 'case-refund-done')} />
            <HijackStep lang={lang} state={state} onAsk={(s) => void lesson.askHijacked(s)} />
            <ProofStep lang={lang} state={state} />
          </div>
        </div>
      </main>
    </>
  );
}
