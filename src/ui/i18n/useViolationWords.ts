/**
 * A violation's words in the learner's language for the page's first-load
 * panels (problems, editor markers, payload refusals): its specifics from the
 * core's locales, and its rule and reason (violations.ts). The English
 * specifics are the core's own; the rest arrives right after the first paint
 * (violationWords.ts), so it costs the first load nothing (its 150 KB budget,
 * `npm run test:budget`). Until it has arrived a rule is blank and a Chinese
 * specific is blank, never English in the Chinese UI.
 */
import { useEffect, useMemo, useState } from 'react';
import { describeParams, type ViolationCode, type ViolationParams } from '#lib/core/tables/index.ts';
import type { JsonParseError } from '#lib/core/json/index.ts';
import type { Lang } from '../../lang.ts';
import type { ViolationText } from './violations.ts';

export type DetailOf = (p: ViolationParams) => string;

export interface ViolationWords {
  /** The violation's specifics. */
  readonly detail: DetailOf;
  /** The rule it enforces and the attack or mistake it stops; null until the table has arrived. */
  readonly text: (code: ViolationCode) => ViolationText | null;
  /** A strict-JSON refusal's own words (parseErrors.ts); blank in Chinese until they have arrived. */
  readonly parseError: (e: JsonParseError) => string;
}

type Loaded = typeof import('./violationWords.ts');

/** One load per page, shared by every panel that asks. */
let loading: Promise<Loaded> | null = null;
const load = (): Promise<Loaded> => (loading ??= import('./violationWords.ts'));

export function useViolationWords(lang: Lang): ViolationWords {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    if (loaded !== null) return;
    let live = true;
    void load().then((m) => {
      if (live) setLoaded(m);
    });
    return () => {
      live = false;
    };
  }, [loaded]);
  return useMemo(
    () => ({
      detail: (p: ViolationParams) =>
        lang === 'en' ? describeParams(p) : loaded === null ? '' : loaded.zh.violation(p),
      text: (code: ViolationCode) => (loaded === null ? null : loaded.VIOLATION_TEXTS[lang][code]),
      parseError: (e: JsonParseError) =>
        lang === 'en' ? e.message : loaded === null ? '' : loaded.parseErrorText(e, lang),
    }),
    [lang, loaded],
  );
}
