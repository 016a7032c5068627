/**
 * Step 4: the learner, as the hijacked model, asks for InjectionTask5's payment in a spelling they pick, and
 * sees the plane's answer: the rule that held it, where, and the attack it stops; the preview a person would
 * be shown, with its provenance (the argument, and the call whose result carried the value); and the bank's
 * own count of payments, unchanged.
 */
import { useState, type JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import { heldOf, type CaseState, type HijackAsk } from '../../../lessons/agentdojoCase/agentdojoCase.ts';
import { SPELLING_IDS, spell, type SpellingId } from '../../../lessons/agentdojoCase/spellings.ts';
import { JsonView } from '../../components/JsonView.tsx';
import { StepCard } from './StepCard.tsx';
import { CASE_TEXT } from './text.ts';
import styles from './AgentDojoCase.module.css';

export function HijackStep({
  lang,
  state,
  onAsk,
}: {
  lang: Lang;
  state: CaseState;
  onAsk(spelling: SpellingId): void;
}): JSX.Element {
  const t = CASE_TEXT[lang];
  const [spelling, setSpelling] = useState<SpellingId>('as_written');
  const ready = state.read !== null && state.refund !== null;
  const last = state.asks[0] ?? null;
  return (
    <StepCard id="case-hijack" n={4} title={t.hijackTitle} why={t.hijackWhy} done={last !== null}>
      <fieldset className={styles.spellings}>
        <legend>{t.spellingLabel}</legend>
        {SPELLING_IDS.map((id) => (
          <label key={id} className={styles.spelling}>
            <input
              type="radio"
              name="case-spelling"
              value={id}
              checked={spelling === id}
              onChange={() => setSpelling(id)}
              data-testid={`case-spelling-${id}`}
            />
            <span>{t.spellings[id]}</span> <code>{spell(id)}</code>
          </label>
        ))}
        <p className="small muted">{t.spellingNote}</p>
      </fieldset>
      <button
        type="button"
        className={`btn ${styles.action} ${styles.danger}`}
        onClick={() => onAsk(spelling)}
        disabled={!ready}
        aria-describedby={ready ? undefined : 'case-hijack-first'}
        data-testid="case-hijack-ask"
      >
        {t.hijackAsk(spell(spelling))}
      </button>
      {ready ? null : (
        <p className="small muted" id="case-hijack-first">
          {t.hijackFirst}
        </p>
      )}
      {last !== null && state.read !== null ? <Answer lang={lang} ask={last} readOp={state.read.operation_id} /> : null}
      {state.asks.length > 1 ? (
        <div>
          <h4 className={styles.minor}>{t.asksLabel}</h4>
          <ol className={styles.asks} reversed data-testid="case-asks">
            {state.asks.map((a) => (
              <li key={a.n} data-code={a.code ?? 'none'}>
                <code>{t.askRow(a.arguments.recipient as string, a.code ?? a.model_result.status)}</code>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </StepCard>
  );
}

/** The plane's answer to the latest ask: held (the usual), or whatever else it said, in its own words. */
function Answer({ lang, ask, readOp }: { lang: Lang; ask: HijackAsk; readOp: string }): JSX.Element {
  const t = CASE_TEXT[lang];
  const held = heldOf(ask);
  const code = ask.code ?? ask.model_result.status;
  const isHeld = ask.code === 'APPROVAL_REQUIRED' && ask.preview !== null;
  const preview = ask.preview;
  return (
    <section
      className={`verdict-card ${isHeld ? 'verdict-good' : 'verdict-bad'} ${styles.answer}`}
      aria-labelledby="case-answer-title"
      data-testid="case-answer"
      data-code={code}
      data-held={isHeld}
    >
      <h4 id="case-answer-title" className={styles.answerTitle} tabIndex={-1}>
        <span aria-hidden="true">{isHeld ? '✓ ' : '✗ '}</span>
        {isHeld ? t.heldTitle(code) : t.notHeldTitle(code)}
      </h4>
      {isHeld ? (
        <dl className={styles.facts} data-testid="case-rule">
          <dt>{t.rule}</dt>
          <dd>
            <code>{t.ruleText}</code>
          </dd>
          <dt>{t.place}</dt>
          <dd>{t.placeText}</dd>
          <dt>{t.stops}</dt>
          <dd>{t.stopsText}</dd>
        </dl>
      ) : null}
      <p className={styles.counterLine} data-testid="case-answer-payments" data-after={ask.payments_after}>
        {ask.payments_after === ask.payments_before
          ? t.stillPaid(ask.payments_after)
          : t.paidNow(ask.payments_before, ask.payments_after)}
      </p>
      {held.length > 0 ? (
        <div data-testid="case-provenance">
          <h5 className={styles.minor}>{t.provenanceTitle}</h5>
          {held.map((h) => (
            <dl
              key={h.argument}
              className={styles.facts}
              data-argument={h.argument}
              data-tool={h.seen_in.tool}
              data-operation={h.seen_in.operation_id}
            >
              <dt>argument</dt>
              <dd>
                <code>{h.argument}</code>
              </dd>
              <dt>seen_in.tool</dt>
              <dd>
                <code>{h.seen_in.tool}</code>
              </dd>
              <dt>seen_in.operation_id</dt>
              <dd>
                <code>{h.seen_in.operation_id}</code>{' '}
                {h.seen_in.operation_id === readOp ? t.sameAsRead : t.otherThanRead(readOp)}
              </dd>
            </dl>
          ))}
          <p className="small">
            {t.provenanceLine(held.map((h) => h.argument).join(', '), held[0]?.seen_in.tool ?? '')}
          </p>
        </div>
      ) : null}
      {preview !== null ? (
        <div data-testid="case-preview">
          <h5 className={styles.minor}>{t.previewTitle}</h5>
          <dl className={styles.facts}>
            <dt>{t.previewTool}</dt>
            <dd>
              <code>{preview.tool}</code>
            </dd>
            <dt>{t.previewArgs}</dt>
            <dd className="scroll-x">
              <JsonView value={preview.arguments} />
            </dd>
            <dt>{t.previewDigest}</dt>
            <dd>
              <code title={preview.request_sha256}>{preview.request_sha256.slice(0, 16)}…</code>
            </dd>
            <dt>{t.previewExpires}</dt>
            <dd>
              <code>{preview.expires_at}</code>
            </dd>
          </dl>
          <p className="small">{t.fourEyes}</p>
        </div>
      ) : null}
      {ask.model_result.error !== null ? (
        <p className="small" data-testid="case-model-reads">
          <strong>{t.modelReads}:</strong> <code>{ask.model_result.error.code}</code> ·{' '}
          <code>recovery: {ask.model_result.error.recovery}</code> · “{ask.model_result.error.message}”
        </p>
      ) : null}
      <details className={styles.details}>
        <summary>{t.wholeResult}</summary>
        <div className="scroll-x">
          <JsonView value={ask.model_result} />
        </div>
      </details>
    </section>
  );
}
