/**
 * The door of src/core/dispatcher: createDispatcher: every function above bound to the tools it was given.
 * Code outside src/core imports this folder through this file only (test/coreLayers.test.ts).
 */
export { createDispatcher, type Dispatcher } from './dispatcher.ts';
