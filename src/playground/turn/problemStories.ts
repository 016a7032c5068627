/**
 * Which story tells what would have gone wrong without a problem's rule
 * (docs/turn-contract.md#stream-problems): the provider's own where an official SDK is more lenient than
 * the contract, else the generic one, with the cut-off arguments quoted where
 * the story shows them. The words are in ./problemText.ts.
 */
import type { ProviderName } from '#lib/core/tables/index.ts';
import type { TurnProblemCode } from '#lib/core/turn/index.ts';
import type { TurnProblemParams } from '#lib/core/turn/index.ts';
import type { Lang } from '../../lang.ts';
import { PROBLEM_TEXT, type Story } from './problemText.ts';

/** What a problem's story may mention: the provider, the code and its params, and the cut-off call's arguments text. */
export interface ProblemStory {
  provider: ProviderName;
  code: TurnProblemCode;
  params?: TurnProblemParams;
  quoted: string;
}

/**
 * What would have gone wrong without the rule, for this provider, in the
 * learner's language. The problem's params pick a story where one code has
 * causes the SDKs treat differently.
 */
export function withoutTheRule(lang: Lang, p: ProblemStory): string {
  const t = PROBLEM_TEXT[lang];
  if (p.provider === 'openai' && p.code === 'STREAM_ORDER' && p.params?.kind === 'first_event')
    return t.openaiFirstEvent;
  const byProvider: Partial<Record<TurnProblemCode, Story>> = t.byProvider[p.provider];
  const specific = byProvider[p.code];
  // Before any call has arguments (a stream cut at its first event) a story that quotes them would quote nothing.
  const story =
    specific !== undefined && !(p.quoted === '' && typeof specific === 'function') ? specific : t.generic[p.code];
  return typeof story === 'function' ? story(p.quoted) : story;
}
