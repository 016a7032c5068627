/**
 * The injection story end to end, for the open provider: the search hit that
 * tries to give orders stays data; in the next turn the persuaded model asks
 * for send_email; the gate answers UNKNOWN_TOOL itself and no handler runs;
 * that error is what the next request carries back to the model.
 */
import { useMemo, type JSX } from 'react';
import type { ProviderName } from '#lib/core/tables/index.ts';
import { INJECTION_SCENARIO_ID, injectionStory } from '../../../playground/turn/injectionStory.ts';
import { usePlaceHref } from '../../hooks/usePresent.ts';
import { JsonView } from '../../components/JsonView.tsx';
import type { TurnTexts } from './text.ts';
import styles from './InjectionStoryView.module.css';

/** The recovery lab's case where send_email exists and the injected call meets approval (a full address: it opens that mode). */
const INJECTED_EMAIL = {
  mode: 'recovery',
  scenarioId: INJECTION_SCENARIO_ID,
  attackId: null,
  mistake: undefined,
  recoveryCase: 'injected_email',
} as const;

export interface InjectionStoryViewProps {
  x: TurnTexts;
  provider: ProviderName;
  /** How many of the four steps have happened at the stepper's event (../../../playground/turn/storyProgress.ts). */
  reached: number;
  onOpenStream(id: string): void;
  onOpenScenario(id: string): void;
  scenarioHref: string;
}

export function InjectionStoryView({
  x,
  provider,
  reached,
  onOpenStream,
  onOpenScenario,
  scenarioHref,
}: InjectionStoryViewProps): JSX.Element {
  const story = useMemo(() => injectionStory(provider), [provider]);
  const href = usePlaceHref();
  if (!story.ok) {
    const { ok: _broken, ...fault } = story;
    return <p className="inline-warning">{x.storyBroken(fault)}</p>;
  }
  return (
    <div className="injection-story" data-testid="injection-story">
      <p className="muted">{x.injectionDesc}</p>
      <p className="muted small">{x.storyFollows}</p>
      <p>
        <a
          href={scenarioHref}
          onClick={(e) => {
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            onOpenScenario(INJECTION_SCENARIO_ID);
          }}
        >
          {x.openInjectionScenario}
        </a>{' '}
        <button type="button" className="btn btn-quiet" onClick={() => onOpenStream(`${provider}.injection_follow_up`)}>
          {x.openInjectionStream}
        </button>
      </p>
      <p>
        <a href={href(INJECTED_EMAIL)} data-testid="injection-recovery-link">
          {x.injectionRecoveryLink}
        </a>
      </p>
      <ol className={styles.storySteps}>
        {story.steps.map((s, i) => (
          <li
            key={s.kind}
            data-step={s.kind}
            data-reached={i < reached}
            className={i < reached ? undefined : styles.storyAhead}
            aria-current={i === reached - 1 ? 'step' : undefined}
          >
            <h3>
              {x.injectionStep(i + 1)}: {x.injectionStepTitles[s.kind]}
            </h3>
            {i < reached ? null : <p className="muted small">{x.storyAhead}</p>}
            <p>{x.storyStep(s)}</p>
            {s.kind === 'injected_hit' ? <JsonView value={s.hits} label="hits" /> : null}
            {s.kind === 'model_asks' ? (
              <p>
                <code>{s.response_id}</code> · <code>{s.call_id}</code> ·{' '}
                <code className={styles.codeBad}>{s.name}</code>{' '}
                <code className={styles.wrap}>{JSON.stringify(s.arguments)}</code>
              </p>
            ) : null}
            {s.kind === 'gate_answers' ? (
              <>
                <JsonView value={s.model_result} label="model_result" />
                <p className="muted small" data-testid="catalog-message-note">
                  {x.catalogMessageNote}
                </p>
              </>
            ) : null}
            {s.kind === 'continuation_carries' ? (
              <>
                <p className="small">
                  <code>{s.result_pointer}</code>
                </p>
                <JsonView value={s.result} label={s.result_pointer} />
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
