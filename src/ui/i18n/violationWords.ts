/**
 * The violation words the page loads after its first paint: each code's rule
 * and reason in both languages (violations.ts) and the core's Chinese locale.
 * Together they are a few KB gzipped the first page does not need before a
 * violation is on screen; the English specifics (the core's `detail`) are in
 * the first load, since the core makes them anyway. A strict-JSON refusal's
 * Chinese (parseErrors.ts) comes with them.
 */
export { zh } from '#lib/core/messages/locales/zh.ts';
export { VIOLATION_TEXTS } from './violations.ts';
export { parseErrorText } from './parseErrors.ts';
