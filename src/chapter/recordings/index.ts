/**
 * The door of src/chapter/recordings: streams recorded from the providers' live APIs (docs/turn-contract.md#what-providers-really-send), course material and test data: not part of the package (tsconfig.lib.json leaves them out).
 * Code outside src/chapter/recordings imports this folder through this file only (eslint.config.js, no-restricted-imports).
 */
export {
  findRecording,
  type Recording,
  recordings,
  recordingSourceText,
  SOURCE_CUT_EN,
  type ReplayExpectation,
} from './recordings.ts';
