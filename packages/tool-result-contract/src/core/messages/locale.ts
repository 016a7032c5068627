/**
 * The one way the library words what it reports: a code with typed params
 * (violationParams.ts, turnParams.ts), rendered by a locale. A locale is one
 * module per language with exactly this shape (locales/en.ts, locales/zh.ts,
 * as zod keeps locales/en.ts beside locales/zh-CN.ts): each renderer switches
 * over every kind with no default, so a new kind, rule or value without its
 * words in every language does not compile. The English locale is the one
 * source of English: the `detail` of every violation, problem, note and
 * refusal is its text. A page loads the other languages when it needs them.
 */
import type { JsonParseDetail } from '../json/index.ts';
import type { Segment, TurnWordsParams } from './turnParams.ts';
import type { ViolationParams } from './violationParams.ts';

export interface MessageLocale {
  /** The language's tag, as the page's `lang` attribute has it. */
  readonly lang: 'en' | 'zh';
  /** A violation's specifics, one line of text. */
  readonly violation: (p: ViolationParams) => string;
  /** A turn problem, note or refusal, in segments: plain text, and identifiers to set apart. */
  readonly turn: (p: TurnWordsParams) => Segment[];
  /** A strict-JSON refusal's reason and specifics (the parser's and the UTF-8 decoder's), one line of text. */
  readonly parse: (d: JsonParseDetail) => string;
}
