/**
 * The shell's keyboard aids: the skip link (./SkipLink.tsx), and J and K through the open mode's lessons with their
 * visually-hidden hint (./LessonKeys.tsx, a chunk of its own, off the first load).
 */
import { lazy, Suspense, type JSX } from 'react';
import type { Lang } from '../../lang.ts';
import type { Work } from '../../playground/work.ts';
import type { PlaygroundApi } from '../state/usePlayground.ts';
import { SkipLink } from './SkipLink.tsx';

const LessonKeys = lazy(() => import('./LessonKeys.tsx'));

export function KeyboardAids(p: { lang: Lang; work: Work; api: PlaygroundApi; onEditor(): void }): JSX.Element {
  const { lang, work } = p;
  return (
    <>
      <SkipLink lang={lang} mode={work.mode} attackCase={work.attackCase} onEditor={p.onEditor} />
      <Suspense fallback={null}>
        <LessonKeys lang={lang} work={work} api={p.api} />
      </Suspense>
    </>
  );
}
