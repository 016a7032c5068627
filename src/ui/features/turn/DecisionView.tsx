/**
 * The dispatcher's decision for a turn: which calls run, which the gate
 * answers itself, or why nothing runs — each problem with its rule and what
 * would have gone wrong without it.
 */
import type { JSX } from 'react';
import type { Lang } from '../../../lang.ts';
import type { TurnDecision } from '../../../playground/turn/decision.ts';
import { withoutTheRule } from '../../../playground/turn/problemStories.ts';
import { PROBLEM_TEXT } from '../../../playground/turn/problemText.ts';
import { CodeText } from '../../components/CodeText.tsx';
import type { TurnTexts } from './text.ts';
import { TurnWords } from './TurnWords.tsx';
import styles from './DecisionView.module.css';

export function verdictOf(x: TurnTexts, d: TurnDecision | null): { ok: boolean; text: string } {
  if (d === null) return { ok: false, text: '—' };
  switch (d.kind) {
    case 'stopped':
      return { ok: false, text: x.verdictStopped([...new Set(d.problems.map((p) => p.code))].join(', ')) };
    case 'no_calls':
      return { ok: true, text: x.noCallsDecision };
    case 'bad_input':
      return { ok: false, text: x.badInput };
    case 'gated':
      return { ok: true, text: `${x.callsRun(d.runs.length)} · ${x.callsAnswered(d.answered.length)}` };
  }
}

export function DecisionView({
  x,
  lang,
  decision,
  heading,
}: {
  x: TurnTexts;
  lang: Lang;
  decision: TurnDecision;
  heading: string;
}): JSX.Element {
  const v = verdictOf(x, decision);
  return (
    <section
      className={`${styles.turnDecision} verdict-card ${v.ok ? 'verdict-good' : 'verdict-bad'}`}
      aria-label={heading}
      data-testid="turn-decision"
      data-kind={decision.kind}
    >
      <h3>{heading}</h3>
      {decision.kind === 'stopped' ? (
        <>
          <p className="decision-verdict">
            <span className="chip chip-error">✗</span> {x.stopped}
          </p>
          <ul className={styles.turnProblems}>
            {decision.problems.map((p, i) => (
              <li key={`${p.code}-${p.at}-${i}`} data-code={p.code}>
                <p>
                  <code className={styles.codeBad}>{p.code}</code> <span className="muted">#{p.at}</span>{' '}
                  <TurnWords lang={lang} params={p.params} />
                </p>
                <p>
                  <strong>{x.rule}:</strong> <CodeText text={PROBLEM_TEXT[lang].rule[p.code]} />
                </p>
                <p className={styles.without}>
                  <strong>{x.without}:</strong> <CodeText text={withoutTheRule(lang, p)} />
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : decision.kind === 'no_calls' ? (
        <p className="decision-verdict">{x.noCallsWhy}</p>
      ) : decision.kind === 'bad_input' ? (
        <p className="decision-verdict">
          <span className="chip chip-error">✗</span> {x.badInput}: <TurnWords lang={lang} params={decision.params} />
        </p>
      ) : (
        <ul className={styles.turnGated}>
          {decision.calls.map((c) => (
            <li key={`${c.call_id}-${c.position}`} data-gate={c.gate} data-call={c.call_id}>
              <p>
                <code>{c.call_id}</code> <code>{c.name}</code> →{' '}
                {c.runs ? (
                  <span className="chip chip-succeeded">{x.runs}</span>
                ) : (
                  <span className="chip chip-error">{x.gateAnswers(c.gate)}</span>
                )}
              </p>
              <p className="muted">{x.gateWhy(c.gate, c.name, c.parsed)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
