/**
 * A problem, note or refusal of the turn core in the learner's language, from
 * its typed params (the core's locales, i18n/messages.ts): identifiers in `<code>` elements.
 */
import type { JSX } from 'react';
import type { TurnWordsParams } from '#lib/core/turn/index.ts';
import type { Lang } from '../../../lang.ts';
import { MESSAGES } from '../../i18n/messages.ts';

export function TurnWords({ lang, params }: { lang: Lang; params: TurnWordsParams }): JSX.Element {
  return (
    <span className="turn-words" data-kind={params.kind}>
      {MESSAGES[lang].turn(params).map((s, i) => (typeof s === 'string' ? s : <code key={i}>{s.code}</code>))}
    </span>
  );
}
