/**
 * Type-level checks of the UI's one text mechanism (checked by `tsc --noEmit`):
 * a Chinese table must have exactly the English one's strings, and every
 * violation code must have a detail renderer in each language.
 */
import type { ViolationCode } from '../../src/core/index.ts';
import { defineTexts } from '../../src/ui/i18n/texts.ts';
import { renderViolationDetail, type ViolationDetailTexts } from '../../src/ui/i18n/violations.ts';

export const complete = defineTexts({ en: { a: 'a', n: (n: number) => `${n} items` }, zh: { a: '甲', n: (n: number) => `${n} 项` } });

// @ts-expect-error a Chinese string is missing
export const missing = defineTexts({ en: { a: 'a', b: 'b' }, zh: { a: '甲' } });

// @ts-expect-error a Chinese function takes other arguments than the English one
export const wrongArguments = defineTexts({ en: { n: (n: number) => `${n}` }, zh: { n: (s: string) => s } });

type Details = { readonly [C in ViolationCode]: { path: string } };
const detail = (d: { path: string }) => d.path;
const every = Object.fromEntries(
  (['RESULT_SCHEMA'] as const).map((c) => [c, detail]),
) as unknown as ViolationDetailTexts<Details>;
export const rendered: string = renderViolationDetail(defineTexts({ en: every, zh: every }), 'zh', 'RESULT_SCHEMA', { path: '/data' });

// @ts-expect-error a table without every code is not a detail table
export const partial: ViolationDetailTexts<Details> = { RESULT_SCHEMA: detail };
