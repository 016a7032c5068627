/**
 * Type-level checks of the UI's one text mechanism (checked by `tsc --noEmit`):
 * a Chinese table must have exactly the English one's strings. (Every kind of
 * violation specifics has a Chinese rendering: src/core/messages/locales/zh.ts
 * switches over the kinds and tables every rule, so a missing one does not
 * compile; core/messages/locales.test.ts renders generated params of each.) An @ts-expect-error covers
 * the one line after it, so those statements stay on one line (`// prettier-ignore`).
 */
import { defineTexts } from '../../src/texts.ts';

export const complete = defineTexts({
  en: { a: 'a', n: (n: number) => `${n} items` },
  zh: { a: '甲', n: (n: number) => `${n} 项` },
});

// prettier-ignore
// @ts-expect-error a Chinese string is missing
export const missing = defineTexts({ en: { a: 'a', b: 'b' }, zh: { a: '甲' } });

// prettier-ignore
// @ts-expect-error a Chinese function takes other arguments than the English one
export const wrongArguments = defineTexts({ en: { n: (n: number) => `${n}` }, zh: { n: (s: string) => s } });
