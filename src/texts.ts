/**
 * The one way the app holds its words: a table per language, the Chinese typed
 * against the English, so a missing (or extra) Chinese string is a type error.
 * Beside lang.ts because every layer outside the core uses it (the lessons,
 * the mistakes, the playground's view models and the UI). A feature defines
 * its table beside its code with `defineTexts` and
 * reads `TABLE[lang]`; strings that take values are functions of typed
 * arguments (never English glued to a translated fragment).
 */
import type { Lang } from './lang.ts';

export type Texts<T> = Readonly<Record<Lang, T>>;

/** A feature's words in both languages; `zh` must have exactly the shape of `en`. */
export function defineTexts<T extends object>(texts: { en: T; zh: NoInfer<T> }): Texts<T> {
  return texts;
}

/**
 * The same, for data kept per item (each violation code, say) with both
 * languages side by side: turned into one table per language.
 */
export function textsByItem<K extends string, T>(items: Readonly<Record<K, Readonly<Record<Lang, T>>>>): Texts<Readonly<Record<K, T>>> {
  const pick = (lang: Lang) => Object.fromEntries(Object.entries<Readonly<Record<Lang, T>>>(items).map(([k, v]) => [k, v[lang]])) as Record<K, T>;
  return { en: pick('en'), zh: pick('zh') };
}
