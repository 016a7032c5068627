/**
 * The door of src/core/dispatcher: createDispatcher: every function above bound to the tools it was given.
 * Code outside src/core imports this folder through this file only (eslint.config.js, no-restricted-imports).
 */
export { createDispatcher, type Dispatcher } from './dispatcher.ts';
