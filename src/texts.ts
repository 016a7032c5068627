/**
 * The one way the app holds its words: a table per language, the Chinese typed
 * against the English, so a missing (or extra) Chinese string is a type error.
 * Beside lang.ts because every layer outside the core uses it (the lessons,
 * the mistakes, the playground's view models and the UI). A feature defines
 * its table beside its code with `defineTexts` and reads `TABLE[lang]`;
 * strings that take values are functions of typed arguments (never English
 * glued to a translated fragment), and words kept per item (an attack, a
 * mistake, a violation code) are a table keyed by the item's id.
 */
import type { Lang } from './lang.ts';

export type Texts<T> = Readonly<Record<Lang, T>>;

/** A feature's words in both languages; `zh` must have exactly the shape of `en`. */
export function defineTexts<T extends object>(texts: { en: T; zh: NoInfer<T> }): Texts<T> {
  return texts;
}
