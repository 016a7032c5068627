/**
 * What is left of the shell's flat key table: the three panel names the turn
 * mode's call workbench still reads through `t(key)`. Every other string is in
 * a typed table beside its feature (./texts.ts); these go when the turn mode
 * reads its own (issue 23), and this file with them.
 */
import type { Lang } from '../../lang.ts';
import { DIGESTS_TEXT } from '../features/digests/text.ts';
import { PAYLOADS_TEXT } from '../features/payloads/text.ts';
import { PROBLEMS_TEXT } from '../features/problems/text.ts';

export type StringKey = 'problemsTab' | 'digestsTitle' | 'payloadsTitle';

export type Translate = (key: StringKey) => string;

export function translator(lang: Lang): Translate {
  const table: Record<StringKey, string> = { problemsTab: PROBLEMS_TEXT[lang].problemsTab, digestsTitle: DIGESTS_TEXT[lang].digestsTitle, payloadsTitle: PAYLOADS_TEXT[lang].payloadsTitle };
  return (key) => table[key];
}
