import { defineConfig, type Plugin } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';

/**
 * The built app's Content-Security-Policy (issue 5): no inline script, no
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
  transformIndexHtml: (html) => html.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`),
});

/**
 * zod's classic schemas carry its JSON-Schema converter (about 6 KB gzipped)
 * whether or not it is used; the page never uses it (the editor's schemas are
 * data, computed in Node by scripts/make-handler-schemas.ts). The page's build
 * replaces the converter's two modules with stand-ins that throw if called;
 * tests and the CLI run the real zod. Pinned to zod's file layout: if an
 * upgrade moves these files, the stand-ins stop matching and the first-load
 * budget (scripts/bundle-budget.mjs) says so.
 */
const zodWithoutJsonSchema = (): Plugin => ({
  name: 'zod-without-json-schema',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    const file = /^(?:\.\.\/core|\.)\/(to-json-schema|json-schema-processors)\.js$/.exec(source)?.[1];
    if (file === undefined || importer === undefined || !/[\\/]node_modules[\\/]zod[\\/]v4[\\/]/.test(importer)) return null;
    return fileURLToPath(new URL(`./scripts/zod-without-json-schema/${file}.js`, import.meta.url));
  },
});

export default defineConfig({
  plugins: [react(), contentSecurityPolicy(), zodWithoutJsonSchema()],
  worker: { plugins: () => [zodWithoutJsonSchema()] },
  base: './',
  build: {
    rolldownOptions: {
      output: {
        // The core's lower layers are what the first page already runs (parse, project, validate, adapters): one chunk
        // compresses better than the pieces the bundler would otherwise split off at each folder door (issue 22).
        codeSplitting: { groups: [{ name: 'core', test: /[\\/]src[\\/]core[\\/](json|tables|result|dispatch)[\\/]/ }] },
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Property and fuzz tests run hundreds of cases; a loaded 2-core machine must not turn them into timeouts.
    testTimeout: 60_000,
  },
});
