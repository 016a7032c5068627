// One linter configuration for the whole tree: ESLint's and typescript-eslint's
// recommended rules, the React hooks rules for the UI, the size of a file, reasons
// on every disable comment, and nothing stylistic — Prettier owns layout
// (see .prettierrc.json).
import js from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['dist/', 'packages/*/dist-lib/', 'node_modules/', 'test-results/', 'playwright-report/', 'coverage/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@eslint-community/eslint-comments': comments },
    rules: {
      // One concept per file: past 500 lines a file holds more than one (300 for a component).
      'max-lines': ['error', { max: 500 }],
      // A rule switched off says which rule and why (`-- reason`, ESLint's own description syntax).
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      // `_name` marks a binding kept on purpose (a destructured field left out of a copy).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Every text the learner or a link brings goes through the core's strict, bounded parser; copies use structuredClone.
    files: ['src/playground/**/*.ts', 'src/ui/**/*.{ts,tsx}', 'src/mistakes/**/*.ts', 'src/lang.ts', 'src/main.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'JSON',
          property: 'parse',
          message: 'Parse with parseStrictJson from src/core (strict and bounded); copy with structuredClone.',
        },
      ],
    },
  },
  {
    // CommonJS on purpose: dependency-cruiser loads its configuration (and what that requires) with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // The core is reached through its doors (src/core/index.ts and src/core/<folder>/index.ts), never past them;
    // What each core folder may import, and no circle of files: .dependency-cruiser.cjs.
    files: ['**/*.{ts,tsx,mts,mjs}'],
    ignores: ['packages/tool-result-contract/src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)core/[a-zA-Z]+/(?!index\\.ts$)[^/]+\\.ts$',
              message: 'Import the core through its folder door (core/<folder>/index.ts) or core/index.ts.',
            },
            {
              regex: '(^|/)chapter/(?!index\\.ts$|recordings/index\\.ts$).+\\.ts$',
              message:
                'Import the chapter through its door (chapter/index.ts; its recordings through chapter/recordings/index.ts).',
            },
            {
              // src/public is what the package gives engineers and nothing else: the project's own code imports the
              // folders it needs, so a name the page wants never has to become public to be reached.
              regex: '^(\\.\\./)+(packages/tool-result-contract/src/)?public/',
              message:
                "src/public is the package's surface only: import the folder door (core/<folder>/index.ts, control/index.ts…).",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright reads a fixture's dependencies from the destructuring of its first parameter: `{}` means none.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/main.tsx'],
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks and their dependency lists. The plugin's React Compiler rules (refs, immutability,
    // set-state-in-effect, use-memo) are left out: this app is not compiled by the React Compiler, and its
    // "latest value in a ref" hooks are the documented pattern those rules would rewrite.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
