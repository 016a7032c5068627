/**
 * Browser tests against the production build, served by `vite preview`, in
 * Debian's Chromium (Playwright cannot download browsers here). The build is
 * made in the `e2e` mode, which differs only in its test hooks (src/ui/testHooks.ts:
 * `window.__playground`, `window.__playgroundEditor`, `window.__crashPanels`)
 * and goes to its own folder (one per port, so two runs never empty each
 * other's build). Tests wait for what they expect (an event, a DOM state, a
 * counter the hooks expose), never for time, and no test takes more than half
 * its timeout on a busy two-core machine: a long one is split.
 */
import { defineConfig } from '@playwright/test';

/** Another run (a second checkout, a helper) may hold 4173: `PW_PORT=4174 npx playwright test`. */
const PORT = Number(process.env.PW_PORT ?? 4173);
// Outside dist/: a production `vite build` empties dist/ and would pull the files from under a running preview.
const OUT = `node_modules/.e2e-build-${PORT}`;

/** Screenshots are for looking at and for the README, not a check: they run only when asked for. */
const SCREENSHOTS = process.env.SCREENSHOTS !== undefined;
if (!SCREENSHOTS)
  console.log('[skip] e2e/screenshots.spec.ts left out: set SCREENSHOTS=1 to take the README screenshots');

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 720 },
    trace: 'off',
    // A click or a key press that cannot happen fails with what stopped it (the element covered, moving, hidden), not
    // as a test that ran out of its minute with no line named: the one way such a hang was seen on CI (2026-12-05).
    actionTimeout: 20_000,
    // Over loopback, compression is only work: `vite preview` gzipped the editor's 3.9 MB chunk again for every fresh
    // context, and Chromium unpacked it (with the guard's change, 8 % of the suite's CPU, measured 2026-12-04).
    extraHTTPHeaders: { 'Accept-Encoding': 'identity' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Offline by construction: no host but this one resolves, so a request to another fails before it leaves
        // (e2e/fixtures.ts `guard` records it and fails the test).
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: ['**/longTask.spec.ts', ...(SCREENSHOTS ? [] : ['**/screenshots.spec.ts'])],
    },
    // The long-task budget is measured with nothing else running: on 2 cores a second browser's work shows up
    // as the measured page's long tasks. It waits for every other browser test to finish.
    {
      name: 'long-tasks',
      use: { browserName: 'chromium' },
      testMatch: ['**/longTask.spec.ts'],
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: `npx vite build --mode e2e --outDir ${OUT} --emptyOutDir && npx vite preview --outDir ${OUT} --port ${PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
