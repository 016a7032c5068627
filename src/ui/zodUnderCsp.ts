/**
 * Imported first by the entry point. zod 4 probes `new Function` once to
 * decide whether it may compile fast parsers; under the app's CSP (no eval)
 * the probe fails harmlessly but is still reported as a violation. jitless
 * skips the probe and the compiled path, which the CSP forbids anyway.
 *
 * zod probes when a schema is constructed, so jitless must be set before the
 * first schema module runs. On the page, public/zod-jitless.js (a classic
 * script, run before any module) sets it whatever the chunk order; this
 * import does the same for the worker, whose bundle starts here.
 */
import { config } from 'zod/mini';

config({ jitless: true });
