/**
 * The core's folders and what each may import (README "Where the code is"): a DAG whose
 * one leaf, `dispatcher`, nothing in the core imports; `src/core/index.ts`,
 * the package's door, may import them all. The core never imports the chapter (src/chapter):
 * the contract knows no course material. Circles of files are refused too, type imports
 * included. ESLint's no-restricted-imports keeps everything outside the core at the doors.
 * Run by `npm run lint`; test/coreLayers.test.ts holds the folders on disk to the map.
 */
const { CORE_IMPORTS } = require('./scripts/core-imports.cjs');
const folders = Object.keys(CORE_IMPORTS);

module.exports = {
  forbidden: [
    ...folders.map((folder) => ({
      name: `core-${folder}-imports`,
      comment: `src/core/${folder} may import only ${CORE_IMPORTS[folder].join(', ') || 'nothing else in the core'}`,
      severity: 'error',
      from: { path: `^src/core/${folder}/` },
      to: {
        path: `^src/core/(?:${folders.filter((f) => f !== folder && !CORE_IMPORTS[folder].includes(f)).join('|')})/`,
      },
    })),
    {
      name: 'core-folder-is-not-loose',
      comment: 'nothing in a core folder imports the package door (src/core/index.ts)',
      severity: 'error',
      from: { path: '^src/core/[a-zA-Z]+/' },
      to: { path: '^src/core/index\\.ts$' },
    },
    {
      name: 'core-knows-no-chapter',
      comment: 'the contract is the same for every registry: src/core imports nothing from src/chapter',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/chapter/' },
    },
    {
      name: 'no-circular',
      comment: 'no circle of files in the core, type imports included',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
  },
};
