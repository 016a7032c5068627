/**
 * J and K step through the open mode's lessons (../../playground/lessonSequence.ts): the attacks, the recovery lab's
 * cases, the Learn view's mistakes; a visually-hidden hint says so to a screen reader's user (the help lists them
 * too). A chunk of its own, off the first load (./KeyboardAids.tsx).
 */
import { useEffect, useRef, type JSX } from 'react';
import type { Lang } from '../../lang.ts';
import { lessonOf, lessonStep } from '../../playground/lessonSequence.ts';
import type { Work } from '../../playground/work.ts';
import { defineTexts } from '../../texts.ts';
import { lastLearnTab } from '../features/learn/learnTab.ts';
import { onKeyDownCapture } from '../../playground/browser.ts';
import { typingIn } from '../hooks/useShortcuts.ts';
import type { PlaygroundApi } from '../state/usePlayground.ts';

const TEXT = defineTexts({
  en: { hint: 'Keyboard: J opens the next one of this list, K the previous (outside text fields).' },
  zh: { hint: '键盘：J 打开此列表的下一项，K 打开上一项（不在文本框内时）。' },
});

export default function LessonKeys({
  lang,
  work,
  api,
}: {
  lang: Lang;
  work: Work;
  api: PlaygroundApi;
}): JSX.Element | null {
  const step = useRef<(by: 1 | -1) => void>(() => undefined);
  step.current = (by) => {
    const place = lessonStep(work, by, lastLearnTab());
    if (place === null) return;
    if (place.mode === 'learn') api.selectMistake(place.mistake ?? null);
    else api.go(place);
  };
  // Outside text fields, with no modifier, not behind an open dialog. Not Alt+arrows: Alt+← is the browser's Back.
  useEffect(
    () =>
      onKeyDownCapture((e) => {
        const by = e.key === 'j' ? 1 : e.key === 'k' ? -1 : 0;
        if (by === 0 || e.altKey || e.ctrlKey || e.metaKey || typingIn(e.target)) return;
        if (document.querySelector('dialog[open]') !== null) return;
        e.preventDefault();
        step.current(by);
      }),
    [],
  );
  // The hint where the mode has a sequence; in the Learn view, the keys act on its first tab, the mistakes.
  return !lessonOf(work, 'mistakes') ? null : (
    <p className="sr-only" id="lesson-keys" data-testid="lesson-keys">
      {TEXT[lang].hint}
    </p>
  );
}
