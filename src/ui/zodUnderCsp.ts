/**
 * Imported first by the entry point. zod 4 probes `new Function` once to
 * decide whether it may compile fast parsers; under the app's CSP (no eval)
 * the probe fails harmlessly but is still reported as a violation. jitless
 * skips the probe and the compiled path, which the CSP forbids anyway.
 */
import { config } from 'zod';

config({ jitless: true });
