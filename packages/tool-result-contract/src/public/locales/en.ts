/**
 * `tool-result-contract/locales/en`: the English words of every problem the library reports — a violation, a
 * strict-JSON parse error, a turn problem — rendered from its code and params (docs/contract.md#validation).
 */
export { en, type MessageLocale } from '../../core/messages/index.ts';
export { describeParams, RULES, type ViolationParams, type Rule, type SchemaIssue } from '../../core/tables/index.ts';
