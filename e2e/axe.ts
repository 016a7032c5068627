/**
 * The axe scan the suite holds the page to: no serious or critical finding.
 *
 * It covers the page without Monaco's own DOM (`.monaco-editor`): that DOM is
 * third-party and audited upstream, and its hundreds of nodes were part of
 * every scan's time. The one thing in it the project sets, the name of the
 * editor's input (its ariaLabel option), is checked here instead.
 *
 * axe runs in the page itself (AxeBuilder's legacy mode, axe.run) instead of
 * runPartial in each frame and finishRun in a second, blank page: the results
 * are the same for a page without cross-origin frames (compared rule by rule
 * and node by node), and the blank page cost a second or more per scan on two
 * cores. Same-origin frames are still scanned; the page can have no other
 * kind, since every request that leaves localhost is aborted (fixtures.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** An AxeBuilder for the page without Monaco's DOM, narrowed further to `include` when given. */
export function axeOf(page: Page, include?: string): AxeBuilder {
  const builder = new AxeBuilder({ page }).exclude('.monaco-editor').setLegacyMode();
  return include === undefined ? builder : builder.include(include);
}

/** The serious and critical findings, one line each (the rule, its help and where: at most `nodes` targets). */
export async function seriousFindings(page: Page, nodes = Infinity): Promise<string[]> {
  const unnamed = await page
    .locator('.monaco-editor')
    .evaluateAll(
      (editors) =>
        editors.filter(
          (ed) => (ed.querySelector('textarea, [role=textbox]')?.getAttribute('aria-label') ?? '').trim() === '',
        ).length,
    );
  const results = await axeOf(page).analyze();
  const found = unnamed === 0 ? [] : [`${unnamed} editor input(s) without an accessible name`];
  return results.violations
    .filter((v: Violation) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v: Violation) =>
        `${v.id}: ${v.help} — ${v.nodes
          .slice(0, nodes)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    )
    .concat(found);
}
