/**
 * The page object and the guards every browser test runs under:
 * - any request that would leave localhost is aborted and fails the test
 *   (the playground must work offline);
 * - any page error or console error fails the test.
 * Elements are found by role and label, as a learner with a screen reader
 * would find them; Monaco is driven by real keyboard input.
 */
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';

export { expect };

export const SCENARIO_IDS = [
  'search_kb.hits',
  'search_kb.empty',
  'search_kb.no_access',
  'search_kb.rate_limited',
  'search_kb.truncated',
  'search_kb.injection',
  'search_kb.token_leak',
  'search_kb.hostile_text',
  'get_order.paid',
  'get_order.local_replay',
  'get_order.keyed',
  'get_order.tool_exception',
  'create_refund_draft.created',
  'create_refund_draft.receipt_reconciled',
  'create_refund_draft.outcome_unknown',
  'create_refund_draft.status_injected',
] as const;

export const DIGESTS = ['request_sha256', 'result_sha256', 'call_binding_sha256'] as const;
export const PAYLOAD_TITLES = [
  'OpenAI Responses',
  'Anthropic Messages',
  'Gemini Interactions',
  'MCP tools/call',
] as const;

export interface MarkerData {
  code: string;
  message: string;
  startLineNumber: number;
  startColumn: number;
}

/** Where the page saves the learner's work. */
export const WORK_KEY = 'tool-result-playground/work/v1';

export class PlaygroundPage {
  constructor(readonly page: Page) {}

  /** Opens an address (query and/or fragment) and waits for the results to render. */
  async goto(address = '/'): Promise<void> {
    await this.page.goto(address);
    await expect(this.page.locator('.app')).toBeVisible();
  }

  get editorRegion(): Locator {
    return this.page.locator('#panel-editor');
  }

  /** The Monaco editor, once it has loaded. */
  async editorReady(): Promise<Locator> {
    const ed = this.page.locator('#editor .monaco-editor');
    await expect(ed).toBeVisible({ timeout: 20_000 });
    await expect(ed.locator('.view-lines')).toBeVisible();
    return ed;
  }

  /**
   * Puts the cursor in the editor by a click on its first line, inside the box it shows. Not on `.view-lines`: that
   * layer is as tall as the whole text (1,026 px in the Model turn's 268 px editor), so its centre lies outside the
   * editor; Playwright then scrolls Monaco's own hidden-overflow layers to reach it, which Monaco undoes, and a click
   * under load waited out a browser test's whole timeout (seen once on CI, 2026-12-05).
   */
  async clickEditor(how: 'click' | 'tap' = 'click'): Promise<Locator> {
    const ed = await this.editorReady();
    const box = await ed.boundingBox();
    if (box === null) throw new Error('the editor has no box');
    // Right of the gutter (line numbers, folding: about 65 px), on the first line.
    const position = { x: Math.min(box.width - 8, 96), y: 8 };
    await (how === 'tap' ? ed.tap({ position }) : ed.click({ position }));
    return ed;
  }

  /** The editor has loaded and every panel has drawn its result: no digest still computing, no "…" placeholder. */
  async settled(): Promise<void> {
    await this.editorReady();
    await expect(this.page.locator('.mark-pending')).toHaveCount(0);
    await expect(this.page.getByText('…', { exact: true })).toHaveCount(0);
  }

  /**
   * Replaces the editor text by typing: click, select all, insert text. One-line
   * JSON only (multi-line input gets auto-indented by the editor, see STACK.md).
   */
  async typeEditorText(oneLine: string): Promise<void> {
    await this.clickEditor();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.insertText(oneLine);
  }

  /** Pastes `text` into the editor (clipboard + Ctrl+V), for text that typing would have Monaco rewrite. */
  async pasteEditorText(text: string): Promise<void> {
    const page = this.page;
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await this.clickEditor();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => this.editorValue()).toBe(text);
  }

  async editorValue(): Promise<string> {
    return this.page.evaluate(() =>
      (window as unknown as { __playgroundEditor: { getValue(): string } }).__playgroundEditor.getValue(),
    );
  }

  async markers(): Promise<MarkerData[]> {
    return this.page.evaluate(() =>
      (window as unknown as { __playgroundEditor: { getMarkers(): MarkerData[] } }).__playgroundEditor.getMarkers(),
    );
  }

  /** Waits until the saved work (localStorage, written shortly after a change) holds the editor's text for that scenario. */
  async saved(scenarioId: string): Promise<void> {
    const text = await this.editorValue();
    const savedText = () =>
      this.page.evaluate(
        ({ key, id }) =>
          (
            JSON.parse(localStorage.getItem(key) ?? '{"docs":{}}') as {
              docs: Record<string, { handlerText: string } | undefined>;
            }
          ).docs[id]?.handlerText,
        {
          key: WORK_KEY,
          id: scenarioId,
        },
      );
    await expect.poll(savedText).toBe(text);
  }

  /** The exact state a share link carries (the `e2e` build's test hook). */
  async snapshot(): Promise<unknown> {
    return this.page.evaluate(() =>
      (window as unknown as { __playground: { snapshot(): unknown } }).__playground.snapshot(),
    );
  }

  region(name: string | RegExp): Locator {
    return this.page.getByRole('region', { name });
  }

  get modelResult(): Locator {
    return this.page.locator('#panel-model-result');
  }

  get protectedAudit(): Locator {
    return this.page.locator('#panel-protected-audit');
  }

  digest(name: (typeof DIGESTS)[number]): Locator {
    return this.page.getByRole('listitem', { name, exact: true });
  }

  digestValue(name: (typeof DIGESTS)[number]): Locator {
    return this.page.getByTestId(`digest-${name}`);
  }

  payload(title: string): Locator {
    return this.page.getByRole('listitem', { name: title, exact: true });
  }

  get problemsTab(): Locator {
    return this.page.getByRole('tab', { name: /Problems|问题/ });
  }

  get contextTab(): Locator {
    return this.page.getByRole('tab', { name: /Trusted context|受信任上下文/ });
  }

  get problems(): Locator {
    return this.page.locator('#bottom-tabs-panel-problems li.problem');
  }

  problem(code: string): Locator {
    return this.page.locator(`#bottom-tabs-panel-problems li.problem[data-code="${code}"]`);
  }

  get cursor(): Locator {
    return this.page.getByTestId('cursor-status');
  }

  notice(code: string): Locator {
    return this.page.locator(`.notice[data-notice="${code}"]`);
  }

  async selectScenario(id: string): Promise<void> {
    await this.page.getByRole('combobox', { name: /Scenario|场景/ }).selectOption(id);
  }
}

/** Where the page keeps the learner's language and theme. */
const PREFS_KEY = 'tool-result-playground/prefs/v1';

/**
 * The learner's language and theme, set before each load of the page as a returning learner's browser holds them
 * (the page reads them at boot, so switching after the load would test the switch, not the first paint).
 */
export async function prefsAtStart(
  page: Page,
  lang: 'en' | 'zh',
  theme: 'system' | 'light' | 'dark' = 'system',
): Promise<void> {
  await page.addInitScript(([key, prefs]) => localStorage.setItem(key, prefs), [
    PREFS_KEY,
    JSON.stringify({ lang, theme }),
  ] as const);
}

/** The "Start here" guide opens on a first visit only; these pages are not one (shell.spec tests a first visit in a fresh page). */
const notAFirstVisit = (page: Page) =>
  page.addInitScript(() => localStorage.setItem('tool-result-playground/guide-seen/v1', '1'));

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * Records every request that would leave localhost (the browser cannot reach one: playwright.config.ts resolves every
 * other host to nothing); records page and console errors. The guard watches requests rather than routing them:
 * routing paused each request for the test process to let it through, and every fresh page fetches some forty files
 * (8 % of the suite's CPU with the uncompressed serving beside it, measured 2026-12-04).
 */
export async function guard(page: Page, offsite: string[], pageErrors: string[]): Promise<void> {
  page.context().on('request', (request) => {
    const url = new URL(request.url());
    if (url.hostname !== '' && !LOCAL_HOSTS.has(url.hostname)) offsite.push(url.href);
  });
  page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(`console.error: ${m.text()}`);
  });
}

interface Fixtures {
  pg: PlaygroundPage;
  offsite: string[];
  pageErrors: string[];
  /** A page in a fresh browser context (another learner: nothing saved), under the same guards. */
  freshPage: () => Promise<PlaygroundPage>;
}

export const test = base.extend<Fixtures>({
  offsite: async ({}, use) => {
    await use([]);
  },
  pageErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, offsite, pageErrors }, use) => {
    await guard(page, offsite, pageErrors);
    await notAFirstVisit(page);
    await use(page);
    expect(offsite, 'requests that tried to leave localhost').toEqual([]);
    expect(pageErrors, 'page errors and console errors').toEqual([]);
  },
  pg: async ({ page }, use) => {
    await use(new PlaygroundPage(page));
  },
  freshPage: async ({ browser, offsite, pageErrors, baseURL }, use) => {
    const contexts: import('@playwright/test').BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 720 } });
      contexts.push(context);
      const page = await context.newPage();
      await guard(page, offsite, pageErrors);
      return new PlaygroundPage(page);
    });
    for (const c of contexts) await c.close();
  },
});

/**
 * One page that the tests of a group look at in turn, in order and in one worker (the group is made serial): for
 * tests that read a page (a layout audit, axe) where loading a fresh one for each was most of their time. Each test
 * still fails on the requests that tried to leave localhost and the errors logged while it ran, as with the page
 * fixture. Call it inside a test.describe; `options` are the group's context options (a device).
 */
export function sharedPage(options: BrowserContextOptions): () => PlaygroundPage {
  test.describe.configure({ mode: 'serial' });
  const offsite: string[] = [];
  const pageErrors: string[] = [];
  let context: BrowserContext | undefined;
  let pg: PlaygroundPage | undefined;
  test.beforeAll(async ({ browser }, testInfo) => {
    // The page fixture's defaults, which a context made here does not get by itself.
    context = await browser.newContext({
      locale: 'en-US',
      colorScheme: 'light',
      viewport: { width: 1280, height: 720 },
      ...options,
      baseURL: testInfo.project.use.baseURL,
    });
    const page = await context.newPage();
    await guard(page, offsite, pageErrors);
    await notAFirstVisit(page);
    pg = new PlaygroundPage(page);
  });
  test.afterEach(() => {
    expect(offsite.splice(0), 'requests that tried to leave localhost').toEqual([]);
    expect(pageErrors.splice(0), 'page errors and console errors').toEqual([]);
  });
  test.afterAll(async () => {
    await context?.close();
  });
  return () => {
    if (pg === undefined) throw new Error('sharedPage: the page opens in beforeAll, before the first test');
    return pg;
  };
}
