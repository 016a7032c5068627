/** The lab's counts read as sentences in both languages: one draft, two drafts. */
import { describe, expect, it } from 'vitest';
import { RECOVERY_TEXT } from './text.ts';

describe('the sticky bar’s ledger', () => {
  it('says one and several in English', () => {
    expect(RECOVERY_TEXT.en.sideLedger(1, 1)).toBe('Ledger: 1 refund draft, 1 email');
    expect(RECOVERY_TEXT.en.sideLedger(2, 0)).toBe('Ledger: 2 refund drafts, 0 emails');
  });
  it('takes its measure words in Chinese', () => {
    expect(RECOVERY_TEXT.zh.sideLedger(1, 0)).toBe('账本：退款草稿 1 个，邮件 0 封');
  });
});
