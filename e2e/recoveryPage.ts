/** The recovery lab's page, as its browser tests open and read it. */
import type { Page } from '@playwright/test';
import { axeOf } from './axe.ts';
import { expect, type PlaygroundPage, prefsAtStart } from './fixtures.ts';

export async function openIn(page: Page, pg: PlaygroundPage, lang: 'en' | 'zh', address: string): Promise<void> {
  await prefsAtStart(page, lang);
  await pg.goto(address);
  await expect(page.getByTestId('recovery-mode')).toBeVisible();
}

/** The lab's latest answer. */
export const answer = (page: Page) => page.getByTestId('recovery-answer').first();

/** No axe violation in the lab, each listed with where it is. */
export const axeClean = async (page: Page) => {
  const result = await axeOf(page, '[data-testid="recovery-mode"]').analyze();
  expect(result.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};
