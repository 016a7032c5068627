/**
 * A strict-JSON refusal in the learner's language: the core's English `message`, or the core's Chinese locale
 * (core/messages/locales/zh.ts, its `parse`), said from the refusal's reason and specifics. Loaded after the first
 * paint (violationWords.ts) or with the lazy panel that shows it.
 */
import type { JsonParseError } from '#lib/core/json/index.ts';
import { zh } from '#lib/core/messages/locales/zh.ts';
import type { Lang } from '../../lang.ts';

export function parseErrorText(error: JsonParseError, lang: Lang): string {
  return lang === 'en' ? error.message : zh.parse(error);
}
