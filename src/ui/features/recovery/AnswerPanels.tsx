/** The last answer's attempts as a timeline, and what the model saw: every answer's model_result. */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import type { LabAnswer, LabState } from '../../../lessons/recoveryLab/lab.ts';
import { JsonView } from '../../components/JsonView.tsx';
import { Panel } from '../../components/Panel.tsx';
import { cx } from '../../components/cx.ts';
import { attemptTime, duration } from './format.ts';
import { RECOVERY_TEXT } from './text.ts';
import styles from './RecoveryMode.module.css';

const tone = (a: LabAnswer) =>
  a.model_result.status === 'succeeded'
    ? styles.good
    : a.model_result.status === 'unknown'
      ? styles.warnTone
      : styles.badTone;

export function AttemptsPanel({ lang, state }: { lang: Lang; state: LabState }): JSX.Element {
  const t = RECOVERY_TEXT[lang];
  const a = state.answers[0];
  return (
    <Panel id="recovery-attempts" lang={lang} title={t.attemptsTitle} subtitle={t.attemptsWhy} className={styles.panel}>
      {a === undefined ? (
        <p className="muted">{t.noAnswer}</p>
      ) : (
        <div data-testid="recovery-attempts" data-answer={a.n}>
          <p>
            <strong>{t.answerHead(a.n, a.call_id)}</strong> · <code>{a.tool}</code> · {t.retryKinds[a.kind]}
          </p>
          {a.attempts.length === 0 ? (
            <p className="muted" data-testid="recovery-no-attempts">
              {t.noAttempts}
            </p>
          ) : (
            <ol className={styles.timeline}>
              {a.attempts.map((at) => (
                <li key={at.n} data-kind={at.kind} data-code={at.code ?? ''} data-testid="recovery-attempt">
                  <span className={styles.when}>
                    {attemptTime(at.started_at)}
                    {at.ended_at !== at.started_at
                      ? ` → ${attemptTime(at.ended_at)} (${duration(Date.parse(at.ended_at) - Date.parse(at.started_at))})`
                      : ''}
                  </span>{' '}
                  {at.n}. {t.attemptKinds[at.kind]}
                  {at.code !== null ? (
                    <>
                      {' '}
                      → <code>{at.code}</code>
                    </>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </Panel>
  );
}

/** The last hop's refusal of a package bound to another call (a broken plane's answer). */
export function PayloadRefused({ lang, codes }: { lang: Lang; codes: readonly string[] }): JSX.Element {
  return (
    <p className="mark mark-bad small" data-testid="recovery-payload-refused">
      {RECOVERY_TEXT[lang].payloadRefused} <code>{codes.join(', ')}</code>
    </p>
  );
}

export function ModelPanel({ lang, state }: { lang: Lang; state: LabState }): JSX.Element {
  const t = RECOVERY_TEXT[lang];
  return (
    <Panel id="recovery-model" lang={lang} title={t.modelTitle} subtitle={t.modelWhy} className={styles.panel}>
      {state.answers.length === 0 ? (
        <p className="muted">{t.noAnswer}</p>
      ) : (
        <ol className={styles.answers} data-testid="recovery-answers">
          {state.answers.map((a, i) => {
            const err = a.model_result.error;
            return (
              <li
                key={a.n}
                className={cx(styles.answer, tone(a))}
                data-testid="recovery-answer"
                data-status={a.model_result.status}
                data-delivery={a.delivery}
                data-code={err?.code ?? ''}
              >
                <p className={styles.answerHead}>
                  <strong>{t.answerHead(a.n, a.call_id)}</strong> · <code>{a.tool}</code> · {t.retryKinds[a.kind]}
                  {a.approved ? ` · ${t.withApproval}` : ''}
                </p>
                <p className={cx('muted', styles.answerHead)}>
                  {t.askedWith}: <code data-testid="recovery-answer-args">{JSON.stringify(a.args)}</code>
                </p>
                <p className={styles.chips}>
                  <code>status: {a.model_result.status}</code>
                  <code>delivery: {a.delivery}</code>
                  {err !== null ? <code data-testid="recovery-answer-code">{err.code}</code> : null}
                  {err !== null ? <code>recovery: {err.recovery}</code> : null}
                  {err?.retry_after_ms != null ? <code>retry_after_ms: {err.retry_after_ms}</code> : null}
                </p>
                <details open={i === 0}>
                  <summary>model_result</summary>
                  {/* A box that scrolls is reachable by keyboard and says what it holds. */}
                  <div className={styles.json} tabIndex={0} role="region" aria-label={`model_result ${a.n}`}>
                    <JsonView value={a.model_result} label={`model_result ${a.n}`} />
                  </div>
                </details>
                <details data-testid="recovery-answer-payload">
                  <summary>{t.payloadSummary}</summary>
                  {a.payload.ok ? (
                    <>
                      <p className="muted small">{t.payloadWhy}</p>
                      <div className={styles.json} tabIndex={0} role="region" aria-label={`${t.payloadSummary} ${a.n}`}>
                        <JsonView value={a.payload.item} label={`${t.payloadSummary} ${a.n}`} />
                      </div>
                    </>
                  ) : (
                    <PayloadRefused lang={lang} codes={a.payload.codes} />
                  )}
                </details>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
