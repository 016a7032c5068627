/**
 * The library's messages in English: every violation's specifics
 * (enViolation.ts) and every turn problem, note and refusal (enTurn.ts). The
 * `detail` the core attaches to each is this text; the CLI prints it.
 */
import { parseErrorMessage } from '../../json/index.ts';
import type { MessageLocale } from '../locale.ts';
import { describeTurn } from './enTurn.ts';
import { describeParams } from './enViolation.ts';

/**
 * The English words of every problem the library reports: violations, strict-JSON parse errors and turn problems.
 *
 * @example
 * ```ts
 * const sentences = validateResult(pkg, trusted, tools).violations.map((v) => en.violation(v.params));
 * ```
 */
export const en: MessageLocale = Object.freeze({
  lang: 'en',
  violation: describeParams,
  turn: describeTurn,
  // The parser words its own English (json sits below messages); the locale says the same text.
  parse: parseErrorMessage,
});
