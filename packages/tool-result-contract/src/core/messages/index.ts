/**
 * The door of the core's words: what the core reports as codes with typed
 * params, the locale's shape, and the English locale (the `detail` of every
 * violation, problem, note and refusal). The Chinese locale is a door of its
 * own, `locales/zh.ts`, so a page that starts in English loads it only when
 * the learner switches (src/ui/i18n/messages.ts).
 */
export type { MessageLocale } from './locale.ts';
export { en } from './locales/en.ts';
export {
  type ArgumentsSource,
  codeSegment,
  type JsonDataFault,
  literalSegment,
  type PairingCode,
  type RefusalParams,
  type Segment,
  segmentsText,
  type TurnEnd,
  type TurnInputParams,
  type TurnNoteParams,
  type TurnProblemParams,
  type TurnWordsParams,
} from './turnParams.ts';
export {
  DIGEST_NAMES,
  type DigestName,
  type McpDefinitionState,
  quotable,
  type Rule,
  RULES,
  type SchemaIssue,
  type Constraint,
  type ValueSource,
  type ViolationParams,
  type ViolationParamsKind,
} from './violationParams.ts';
export { describeParams } from './locales/enViolation.ts';
export { describeTurn, describeTurnText } from './locales/enTurn.ts';
