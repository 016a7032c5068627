/**
 * The shell's keyboard aids: the skip link (./SkipLink.tsx), and J and K, which step through the open mode's lessons
 * (../../playground/lessonSequence.ts): the attacks, the recovery
 * lab's cases, the Learn view's mistakes. A visually-hidden hint tells a screen reader's user; the help lists them.
 */
import type { JSX } from 'react';
import type { Lang } from '../../lang.ts';
import type { Work } from '../../playground/work.ts';
import { lastLearnTab } from '../features/learn/learnTab.ts';
import { useShortcuts } from '../hooks/useShortcuts.ts';
import { lessonStep } from '../../playground/lessonSequence.ts';
import type { PlaygroundApi } from '../state/usePlayground.ts';
import { SkipLink } from './SkipLink.tsx';
import { SHELL_TEXT } from './text.ts';

export function KeyboardAids(p: { lang: Lang; work: Work; api: PlaygroundApi; onEditor(): void }): JSX.Element {
  const { lang, work, api } = p;
  useShortcuts({
    lesson: (by) => {
      const place = lessonStep(work, by, lastLearnTab());
      if (place === null) return;
      if (place.mode === 'learn') api.selectMistake(place.mistake ?? null);
      else api.go(place);
    },
  });
  // The modes with a sequence (lessonSequence.ts); in the Learn view, the keys act on its first tab.
  const lessons = work.mode === 'recovery' || work.mode === 'learn' || (work.mode === 'attack' && !work.attackCase);
  return (
    <>
      <SkipLink lang={lang} mode={work.mode} attackCase={work.attackCase} onEditor={p.onEditor} />
      {lessons ? (
        <p className="sr-only" id="lesson-keys" data-testid="lesson-keys">
          {SHELL_TEXT[lang].lessonKeys}
        </p>
      ) : null}
    </>
  );
}
