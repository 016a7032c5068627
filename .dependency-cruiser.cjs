/**
 * The core's folders and what each may import (README "Where the code is"): a DAG whose
 * one leaf, `dispatcher`, nothing in the core imports; `src/core/index.ts`,
 * the package's door, may import them all. The core never imports the chapter (src/chapter):
 * the contract knows no course material. Circles of files are refused too, type imports
 * included. ESLint's no-restricted-imports keeps everything outside the core at the doors.
 * Paths are the repository's (the core is packages/tool-result-contract/src/core): what the package ships imports
 * nothing outside it. Run by `npm run lint`; test/coreLayers.test.ts holds the folders on disk to the map.
 */
const { CORE_IMPORTS } = require('./scripts/core-imports.cjs');
const folders = Object.keys(CORE_IMPORTS);
// Paths as depcruise reports them, from the repository's root.
const LIB = 'packages/tool-result-contract/src';

module.exports = {
  forbidden: [
    ...folders.map((folder) => ({
      name: `core-${folder}-imports`,
      comment: `src/core/${folder} may import only ${CORE_IMPORTS[folder].join(', ') || 'nothing else in the core'}`,
      severity: 'error',
      from: { path: `^${LIB}/core/${folder}/` },
      to: {
        path: `^${LIB}/core/(?:${folders.filter((f) => f !== folder && !CORE_IMPORTS[folder].includes(f)).join('|')})/`,
      },
    })),
    {
      name: 'core-folder-is-not-loose',
      comment: 'nothing in a core folder imports the package door (src/core/index.ts)',
      severity: 'error',
      from: { path: `^${LIB}/core/[a-zA-Z]+/` },
      to: { path: `^${LIB}/core/index\\.ts$` },
    },
    {
      name: 'core-knows-no-chapter',
      comment: 'the contract is the same for every registry: src/core imports nothing from src/chapter',
      severity: 'error',
      from: { path: `^${LIB}/core/` },
      to: { path: '^src/chapter/' },
    },
    {
      name: 'library-stands-alone',
      comment:
        'what the package ships imports nothing outside packages/tool-result-contract (the app, its chapter): the tarball has only its own files',
      severity: 'error',
      from: { path: `^${LIB}/` },
      to: { path: '^(src|test|e2e|bench|eval|scripts|docs)/' },
    },
    {
      name: 'no-circular',
      comment: 'no circle of files in the core, type imports included',
      severity: 'error',
      from: { path: `^${LIB}/core/` },
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
  },
};
