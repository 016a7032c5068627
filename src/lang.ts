/**
 * The two languages of the app, declared once for every layer outside the core
 * (the playground's state, the mistakes, the UI's text tables).
 */
export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

/** One text in every language: a missing translation is a type error. */
export type Bilingual = Record<Lang, string>;

/** Chinese when the browser's first preferred language is Chinese, English otherwise. */
export function languageFromNavigator(languages: readonly string[]): Lang {
  const first = languages[0]?.toLowerCase() ?? '';
  return first === 'zh' || first.startsWith('zh-') ? 'zh' : 'en';
}
