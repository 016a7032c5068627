/**
 * A violation's specifics for the page's first-load panels (problems, editor
 * markers, payload refusals). The Chinese renderer is loaded on demand, so it
 * costs the first load nothing (its 150 KB budget, `npm run test:budget`); English is the
 * core's own sentence. Until the Chinese one has arrived a detail is blank,
 * never English in the Chinese UI.
 */
import { useCallback, useEffect, useState } from 'react';
import { describeParams, type ViolationParams } from '../../core/tables/index.ts';
import type { Lang } from '../../lang.ts';

export type DetailOf = (p: ViolationParams) => string;

export function useViolationDetail(lang: Lang): DetailOf {
  const [zh, setZh] = useState<DetailOf | null>(null);
  useEffect(() => {
    if (lang !== 'zh' || zh !== null) return;
    let live = true;
    void import('./violationDetail.ts').then((m) => {
      if (live) setZh(() => (p: ViolationParams) => m.violationDetail(p, 'zh'));
    });
    return () => {
      live = false;
    };
  }, [lang, zh]);
  return useCallback(
    (p: ViolationParams) => (lang === 'en' ? describeParams(p) : zh === null ? '' : zh(p)),
    [lang, zh],
  );
}
