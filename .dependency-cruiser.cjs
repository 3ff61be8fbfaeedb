/**
 * The shape of src/ as code (issue 26, docs/decisions/006-rooms-and-front-doors.md).
 *
 *   src/shared  <-  platform (src/server, src/web)  <-  rooms (src/domains/*)  <-  app (src/app)
 *
 * dependency-cruiser reads TypeScript before compilation (tsPreCompilationDeps), so an
 * `import type` is an arrow like any other: a cycle made only of types is still two pieces
 * of code that need each other, which ESLint's import-x/no-cycle does not see.
 * Run by `npm run lint` (`depcruise src`); every violation is printed with the rule's name.
 * The front-door rule (no reach-in past a room's index.ts) lives in eslint.config.js.
 */

/** Every layer below the app, by folder. */
const platform = '^src/(server|web)/';
const serverSide = '^src/(server|app/server|domains/[^/]+/server)/';
const webSide = '^src/(web|app/web|domains/[^/]+/web)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Import cycle (type-only imports count): break it by moving the shared piece down a layer or handing it in at start.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-nothing-of-ours',
      comment: 'src/shared is the ground: it imports nothing else from src/.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    {
      name: 'platform-imports-no-room',
      comment:
        'The platform (src/server, src/web) imports no room (src/domains) and not src/app: move the piece down into the platform, or let src/app hand it in at start.',
      severity: 'error',
      from: { path: platform },
      to: { path: '^src/(domains|app)/' },
    },
    {
      name: 'rooms-never-import-app',
      comment: 'Rooms (src/domains) never import the app (src/app): the app composes rooms.',
      severity: 'error',
      from: { path: '^src/domains/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'web-never-imports-server',
      comment: 'Web code never imports server code (it would ship server code to the browser).',
      severity: 'error',
      from: { path: webSide },
      to: { path: serverSide },
    },
  ],
  options: {
    includeOnly: '^src/',
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
