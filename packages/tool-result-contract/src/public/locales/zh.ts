/**
 * `tool-result-contract/locales/zh`: the Chinese words of every problem the library reports, the same shape as
 * `tool-result-contract/locales/en`, so a Chinese interface never prints an English sentence.
 */
export { zh } from '../../core/messages/locales/zh.ts';
export type { MessageLocale } from '../../core/messages/index.ts';
