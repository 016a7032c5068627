/** A trusted-context issue's words in the learner's language, for the form (loaded with it). */
import type { Lang } from '../../../lang.ts';
import type { ContextIssue } from '../../../playground/contextDraft.ts';
import { useViolationWords, type ViolationWords } from '../../i18n/useViolationWords.ts';
import { CONTEXT_TEXT } from './text.ts';

/**
 * An issue in the learner's language: English as the core said it; otherwise from what is wrong as data (the core's
 * params, the strict parser's refusal), never the English sentence. Blank until the words have loaded.
 */
export function issueText(i: ContextIssue, lang: Lang, words: ViolationWords): string {
  if (lang === 'en') return i.message;
  if (i.params !== undefined) return words.detail(i.params);
  if (i.parse !== undefined)
    return CONTEXT_TEXT[lang].ctxParseAt(i.parse.code, i.parse.line, i.parse.column, words.parseError(i.parse));
  return '';
}

/** The form's way to say an issue: the words arrive after the first paint (useViolationWords). */
export function useIssueText(lang: Lang): (i: ContextIssue) => string {
  const words = useViolationWords(lang);
  return (i) => issueText(i, lang, words);
}
