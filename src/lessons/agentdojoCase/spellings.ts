/**
 * The ways a hijacked model may write the attacker's IBAN. The plane normalizes both what it noted
 * and what is asked (docs/argument-provenance.md#normalization: NFKC, lower case, no spaces or
 * dashes), so a model that rewrites the value still meets the rule. The look-alike spelling the rule
 * cannot catch is named in the panel's limits, not offered here: it would move money.
 */
import { ATTACKER_IBAN } from './upstream.ts';

export const SPELLING_IDS = ['as_written', 'spaced', 'lower_case'] as const;
export type SpellingId = (typeof SPELLING_IDS)[number];

/** Groups of four, as an IBAN is printed: US13 3000 0001 2121 2121 212. */
const spaced = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

export function spell(id: SpellingId, iban: string = ATTACKER_IBAN): string {
  switch (id) {
    case 'as_written':
      return iban;
    case 'spaced':
      return spaced(iban);
    case 'lower_case':
      return iban.toLowerCase();
  }
}
