/**
 * The door of src/core/live: the live session, one trusted context answered edit after edit as the plain functions
 * answer it (the repository's docs/performance.md has what it saves). The dispatcher opens it; the page's evaluator holds one.
 * Code outside src/core imports this folder through this file only (eslint.config.js, no-restricted-imports).
 */
export { type LiveSession, openLiveSession } from './liveSession.ts';
