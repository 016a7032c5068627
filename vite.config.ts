import { defineConfig, type Plugin } from 'vitest/config';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';

/**
 * The built app's Content-Security-Policy (e2e/csp.spec.ts holds it): no inline script, no
 * eval, connections, workers and fonts from the app's own origin only.
 * Styles allow 'unsafe-inline' because Monaco writes <style> elements and
 * style attributes at run time; no script can be injected that way. The
 * policy goes into the built index.html only: Vite's dev server needs an
 * inline preamble for hot reload.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const contentSecurityPolicy = (): Plugin => ({
  name: 'content-security-policy',
  apply: 'build',
  transformIndexHtml: (html) =>
    html.replace(
      '<head>',
      `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`,
    ),
});

export default defineConfig({
  plugins: [react(), contentSecurityPolicy()],
  base: './',
  build: {
    rolldownOptions: {
      output: {
        // The core's lower layers are what the first page already runs (parse, project, validate, adapters): one chunk
        // compresses better than the pieces the bundler would otherwise split off at each folder door. Two modules are
        // the exception, since only lazy modes reach them and a group would pull them into the first load: the result's
        // JSON Schema (the payloads' tools/list entry, with zod's converter) and composeTurn (the Model turn, the
        // recovery lab, the Learn mode's mistakes): 0.5 KB gzipped, measured 2026-12-04.
        // React is one chunk too: split by use, its small pieces (jsx-runtime, the hooks) were chunks of their own
        // beside react-dom in the page's entry, each compressed apart; together the first load is 0.7 KB smaller.
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: /[\\/]src[\\/]core[\\/](json|tables|result|lastHop|live)[\\/](?!resultSchema\.ts$)/,
            },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    // One run over the workspace: the library's tests beside its code and in its test/, and the app's.
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      'bench/**/*.test.ts',
      'eval/**/*.test.ts',
    ],
    environment: 'node',
    // Property and fuzz tests run hundreds of cases; a loaded 2-core machine must not turn them into timeouts.
    testTimeout: 60_000,
    // Vitest's default leaves a core to its main process, which on two cores is one worker: most of the run is the
    // workers' own imports and tests, so a second worker took the suite from 188 s to 128 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // One module graph per worker, not one per file: each file re-importing the core, zod and the SDKs was a third of
    // the suite's CPU time (user+sys 226 s isolated, 158 s shared, measured side by side on 2026-12-03). The files keep
    // no state between them that another reads (stubbed globals and spies are restored in each file's own hooks).
    isolate: false,
  },
});
