/**
 * A text the turn mode shows, in both of the playground's languages. Both
 * members are required, so a table of these with a missing Chinese text is a
 * type error, not a blank on screen.
 */
export interface Bilingual {
  en: string;
  zh: string;
}
