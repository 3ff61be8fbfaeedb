import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/**
 * Front doors (DESIGN.md, docs/decisions/006-rooms-and-front-doors.md). Code outside a room
 * reaches it only through:
 *   @/domains/<room>/<room>.schema | .constants | .rules   (shared by server and web)
 *   @/domains/<room>/server                                 (server/index.ts)
 *   @/domains/<room>/server/<room>.tables                   (reads; only the room writes)
 *   @/domains/<room>/web                                    (web/index.ts)
 * Inside a room, files import each other with relative paths, never '@/domains/<own room>'.
 */
const frontDoorPatterns = [
  {
    regex: '^@/domains/[^/]+/server/(?![^/]+\\.tables$).+',
    message:
      "Another room's server code is private: import its front door '@/domains/<room>/server' (or its *.tables for reads).",
  },
  {
    regex: '^@/domains/[^/]+/web/.+',
    message: "Another room's web code is private: import its front door '@/domains/<room>/web'.",
  },
  {
    regex: '^@/domains/[^/]+/(?!server$|web$|server/|web/)(?![^/]+\\.(schema|constants|rules)$).+',
    message:
      "Only a room's *.schema, *.constants and *.rules files and its front doors are public.",
  },
  {
    // A relative path that climbs out of a room into another one.
    regex: '^(\\.\\./)+(domains/)?[a-z-]+/(server|web)/',
    message: "Reach another room through '@/domains/<room>/server' or '@/domains/<room>/web'.",
  },
];

const webMustNotImportServer = {
  group: ['@/server/*', '@/domains/*/server', '@/domains/*/server/*', '**/server/*'],
  message: 'Web code must not import server code.',
};

export default tseslint.config(
  {
    ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'db/migrations'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/web/**/*.ts', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // No import cycles anywhere in src/. import-x/no-cycle skips type-only imports, so the
    // cycle rule that counts them (a cycle of types is still two rooms that need each other)
    // is dependency-cruiser's no-circular in .dependency-cruiser.cjs, run by `npm run lint`.
    // This one stays because it shows value-import cycles in the editor.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript parsers and extensions, so dependencies are read as TypeScript.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // No function grows into a module (issue 26): 150 lines of code at most, so a function
    // that does several things is split into named steps. Tests are exempt (a describe()
    // callback is a list of cases, not a function with logic), and so are pure data files
    // named *.data.ts, whose only "function" may wrap a long literal (none yet).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'src/**/*.data.ts'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // Server code of rooms and the platform: front doors only.
    files: ['src/domains/*/server/**', 'src/domains/*/*.ts', 'src/server/**', 'src/app/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: frontDoorPatterns }],
    },
  },
  {
    // Web code: front doors only, and never server code (DESIGN.md).
    files: ['src/web/**', 'src/domains/*/web/**', 'src/app/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [webMustNotImportServer, ...frontDoorPatterns] },
      ],
    },
  },
  {
    // The shared layer imports nothing else of ours.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/*', '../*'],
              message: 'src/shared imports nothing else of ours (DESIGN.md).',
            },
          ],
        },
      ],
    },
  },
);
