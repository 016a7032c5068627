/**
 * The door of src/core/recordings: streams recorded from the providers' live APIs (docs/turn-contract.md#what-providers-really-send), course material and test data: not part of the package.
 * Code outside src/core imports this folder through this file only (eslint.config.js, no-restricted-imports).
 */
export {
  findRecording,
  type Recording,
  recordings,
  recordingSourceText,
  SOURCE_CUT_EN,
  type ReplayExpectation,
} from './recordings.ts';
