/**
 * `tool-result-contract/locales/en`: the English words of every problem the library reports — a violation, a
 * strict-JSON parse error, a turn problem — rendered from its code and params (docs/contract.md#validation).
 */
export { en, type MessageLocale } from '../../core/messages/index.ts';
export {
  describeParams,
  RULES,
  type ViolationParams,
  type Rule,
  type SchemaIssue,
  type ContextIssue,
} from '../../core/tables/index.ts';
// The codes and params a problem carries, which a locale renders: named so a third locale, or a page that renders
// params itself, can be typed by them.
export {
  type CanonicalizationErrorCode,
  type JsonParseErrorCode,
  type JsonParseDetail,
  type JsonParseParams,
  type JsonParseReason,
  type JsonExpected,
  type UntrustedFaultCode,
} from '../../core/json/index.ts';
export { type Constraint, type ValueSource, type Segment, type TurnWordsParams } from '../../core/messages/index.ts';
