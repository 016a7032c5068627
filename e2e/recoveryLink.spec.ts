/**
 * What the recovery lab's address and share link carry, in the browser, in
 * Chinese and in English: the broken plane beside the real one (`&broken=…`,
 * restored by Back and Forward, an unknown one reported), and a share link
 * that reopens the case with the sender's actions replayed onto a fresh plane,
 * proving nothing for the receiver until they act; a bad log is refused.
 */
import type { Page } from '@playwright/test';
import lz from 'lz-string';
import { axeOf } from './axe.ts';
import { expect, test, type PlaygroundPage, prefsAtStart } from './fixtures.ts';

const summary = { en: (n: number) => `${n} / 9 proofs shown`, zh: (n: number) => `已证明 ${n} / 9` } as const;

async function openIn(page: Page, pg: PlaygroundPage, lang: 'en' | 'zh', address: string): Promise<void> {
  await prefsAtStart(page, lang);
  await pg.goto(address);
  await expect(page.getByTestId('recovery-mode')).toBeVisible();
}

const proof = (page: Page, id: string) => page.getByTestId(`recovery-proof-${id}`);
const side = (page: Page, which: 'real' | 'broken') => page.getByTestId(`recovery-side-${which}`);
const axeClean = async (page: Page) => {
  const result = await axeOf(page, '[data-testid="recovery-mode"]').analyze();
  expect(result.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

const BAD_PLANE = {
  zh: '恢复实验室没有名为“nope”的错误控制面，只运行真实控制面。',
  en: 'The recovery lab has no broken plane “nope”: the real plane runs alone.',
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`the broken plane is in the address (${lang}): opened from it, written on a choice, kept across cases, restored by Back and Forward; an unknown one is reported`, async ({
    pg,
    page,
  }) => {
    await openIn(page, pg, lang, '/?mode=recovery&case=conflict&broken=global_keys');
    await expect(page.getByTestId('recovery-broken')).toHaveAttribute('data-plane', 'global_keys');
    await expect(page.getByTestId('recovery-broken-plane')).toHaveValue('global_keys');
    await expect(side(page, 'broken')).toBeVisible();

    await page.getByTestId('recovery-broken-plane').selectOption('no_fingerprint');
    await expect(page).toHaveURL(/[?&]mode=recovery&case=conflict&broken=no_fingerprint$/);
    await page.getByTestId('recovery-case-audit').click();
    await expect(page).toHaveURL(/case=audit&broken=no_fingerprint$/);
    await expect(page.getByTestId('recovery-broken')).toHaveAttribute('data-plane', 'no_fingerprint');
    await page.getByTestId('recovery-broken-plane').selectOption('none');
    await expect(page).toHaveURL(/case=audit$/);
    await expect(side(page, 'broken')).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/case=audit&broken=no_fingerprint$/);
    await expect(page.getByTestId('recovery-broken')).toHaveAttribute('data-plane', 'no_fingerprint');
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/case=conflict&broken=global_keys$/);
    await expect(page.getByTestId('recovery-broken')).toHaveAttribute('data-plane', 'global_keys');
    await expect(page.getByTestId('recovery-mode')).toHaveAttribute('data-case', 'conflict');
    await page.goForward();
    await expect(page.getByTestId('recovery-broken')).toHaveAttribute('data-plane', 'no_fingerprint');

    await pg.goto('/?mode=recovery&case=audit&broken=nope');
    await expect(pg.notice('unknown-broken')).toContainText(BAD_PLANE[lang]);
    await expect(page.getByTestId('recovery-broken')).toHaveAttribute('data-plane', 'none');
    await expect(page.getByTestId('recovery-mode')).toHaveAttribute('data-case', 'audit');
    await expect(page).toHaveURL(/[?&]mode=recovery&case=audit$/);
  });
}

const SHARED = {
  zh: { share: '分享链接', untouched: '你的工作未受影响' },
  en: { share: 'Share link', untouched: 'Your work is untouched' },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`a share link of the lab (${lang}) reopens the case with the sender’s actions replayed onto a fresh plane, proving nothing for the receiver; a bad log is refused, their work untouched`, async ({
    pg,
    page,
    freshPage,
  }) => {
    test.setTimeout(60_000);
    await openIn(page, pg, lang, '/?mode=recovery&case=conflict&broken=no_fingerprint');
    await page.getByTestId('recovery-dispatch').click();
    await page.getByTestId('recovery-retry-other_args').click();
    await expect(page.getByTestId('recovery-side-real-answer')).toHaveAttribute('data-code', 'IDEMPOTENCY_CONFLICT');
    await page.getByTestId('recovery-advance-60000').click();
    await expect(page.getByTestId('recovery-now')).toHaveText('09:01:00 UTC');
    await expect(page.getByTestId('recovery-summary')).toHaveText(summary[lang](1));
    await expect(page.getByTestId('recovery-share')).toHaveText(SHARED[lang].share);
    await page.getByTestId('recovery-share').click();
    await expect(page.getByTestId('share-url')).toHaveValue(/#s=/);
    const url = await page.getByTestId('share-url').inputValue();
    await page.keyboard.press('Escape');

    const other = await freshPage();
    await prefsAtStart(other.page, lang);
    await other.page.addInitScript(() => localStorage.setItem('tool-result-playground/guide-seen/v1', '1'));
    await other.page.goto(url);
    const mode = other.page.getByTestId('recovery-mode');
    await expect(other.notice('share-opened')).toBeVisible();
    await expect(mode).toHaveAttribute('data-case', 'conflict');
    await expect(mode).toHaveAttribute('data-replaying', 'false');
    await expect(other.page).toHaveURL(/[?&]mode=recovery&case=conflict&broken=no_fingerprint$/);
    await expect(other.page.getByTestId('recovery-broken')).toHaveAttribute('data-plane', 'no_fingerprint');
    await expect(other.page.getByTestId('recovery-answer')).toHaveCount(2);
    await expect(other.page.getByTestId('recovery-side-real-answer')).toHaveAttribute(
      'data-code',
      'IDEMPOTENCY_CONFLICT',
    );
    await expect(other.page.getByTestId('recovery-side-broken-answer')).toHaveAttribute(
      'data-delivery',
      'local_replay',
    );
    await expect(other.page.getByTestId('recovery-ledger')).toHaveAttribute('data-drafts', '1');
    await expect(other.page.getByTestId('recovery-now')).toHaveText('09:01:00 UTC');
    // The sender's conflict was replayed, not caused: the receiver has proved nothing until they act.
    await expect(other.page.getByTestId('recovery-summary')).toHaveText(summary[lang](0));
    await expect(proof(other.page, 'conflict_refused')).toHaveAttribute('data-shown', 'false');
    await other.page.getByTestId('recovery-dispatch').click();
    await other.page.getByTestId('recovery-retry-other_args').click();
    await expect(other.page.getByTestId('recovery-answer')).toHaveCount(4);
    await expect(proof(other.page, 'conflict_refused')).toHaveAttribute('data-shown', 'true');

    // A reload rebuilds the same stage from the saved work.
    await other.page.reload();
    await expect(mode).toHaveAttribute('data-replaying', 'false');
    await expect(other.page.getByTestId('recovery-answer')).toHaveCount(4);
    await expect(other.page.getByTestId('recovery-now')).toHaveText('09:01:00 UTC');

    // A log the lab cannot replay: refused where it is wrong; the receiver's stage is as they left it.
    const bad = {
      format: 'tool-result-playground-share-v1',
      mode: 'recovery',
      scenario: 'search_kb.hits',
      recovery_case: 'audit',
      recovery_log: [{ do: 'dispatch' }, { do: 'advance', ms: -5 }],
    };
    await other.page.goto(
      `/?mode=recovery&case=conflict&broken=no_fingerprint#s=${lz.compressToEncodedURIComponent(JSON.stringify(bad))}`,
    );
    await expect(other.notice('share-refused')).toContainText('/recovery_log/1/ms');
    await expect(other.notice('share-refused')).toContainText(SHARED[lang].untouched);
    await expect(mode).toHaveAttribute('data-case', 'conflict');
    await expect(mode).toHaveAttribute('data-replaying', 'false');
    await expect(other.page.getByTestId('recovery-answer')).toHaveCount(4);
    await axeClean(other.page);
  });
}
