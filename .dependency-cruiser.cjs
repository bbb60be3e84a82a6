/**
 * The shape of the code, checked in `npm run lint` (depcruise): no import cycle anywhere (a
 * type-only import counts), and each package imports only the packages below it. The layers are
 * drawn in docs/architecture.md. Cycles are looked for between modules and between folders.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle (type-only imports count): modules that need each other are one concept or badly cut.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment:
        'A folder that imports a folder that imports it back: the two are one layer, or the piece they share belongs below both.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-is-the-bottom',
      severity: 'error',
      comment: 'The contract is what everything speaks; it depends on nothing of ours.',
      from: { path: '^packages/contract/' },
      to: { path: '^(packages/(?!contract/)|apps/|tools/)' },
    },
    {
      name: 'core-is-pure',
      severity: 'error',
      comment:
        'Core is the pipeline in plain TypeScript: it sees the contract and the shared pieces, nothing else of ours.',
      from: { path: '^packages/core/' },
      to: { path: '^(packages/(?!core/|contract/|shared/)|apps/|tools/)' },
    },
    {
      name: 'shared-sits-on-the-contract',
      severity: 'error',
      comment:
        'What the studio and the service both work out (subtitle files, the lag clock, worst lines): browser-safe, on the contract alone.',
      from: { path: '^packages/shared/' },
      to: { path: '^(packages/(?!shared/|contract/)|apps/|tools/)' },
    },
    {
      name: 'web-speaks-the-contract',
      severity: 'error',
      comment:
        'The studio talks to the service over HTTP only: of our code it may import the contract and the shared pieces beside it.',
      // The browser tests start a service and make its keys: their harness may reach the workspace too.
      from: { path: '^apps/web/', pathNot: '^apps/web/e2e/' },
      to: {
        path: '^(packages/(?!contract/|shared/)|apps/(?!web/))',
        pathNot: '^packages/dubber/src/test/|^apps/server/src/test/',
      },
    },
    {
      name: 'web-e2e-harness',
      severity: 'error',
      comment:
        "The studio's browser tests: the contract, the workspace (to make keys) and the test helpers, nothing else of ours.",
      from: { path: '^apps/web/e2e/' },
      to: {
        path: '^(packages/(?!contract/|shared/|workspace/)|apps/(?!web/))',
        pathNot: '^packages/dubber/src/test/|^apps/server/src/test/',
      },
    },
    {
      name: 'packages-below-apps',
      severity: 'error',
      comment: 'Arrows point down: no package imports an app or a tool.',
      from: { path: '^packages/', pathNot: '\\.test\\.ts$|/test/' },
      to: { path: '^(apps|tools)/' },
    },
    {
      name: 'engines-and-media-apart',
      severity: 'error',
      comment: 'Engines and media are side by side under core: neither imports the other, nor jobs or dubber.',
      from: { path: '^packages/(engines|media)/', pathNot: '\\.test\\.ts$|/test/' },
      to: { path: '^packages/(jobs|dubber|engines|media)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'jobs-run-through-the-port',
      severity: 'error',
      comment:
        'Jobs run a dub through the dubber port (DubberPort) they are given: they import no engine, media or dubber (tests may run a real dub).',
      from: { path: '^packages/jobs/', pathNot: '\\.test\\.ts$|/test/' },
      to: { path: '^packages/(engines|media|dubber|models)/' },
    },
    {
      name: 'workspace-below-jobs',
      severity: 'error',
      comment:
        "A workspace's things (keys, glossaries, memory, voices) and the disk's pieces sit below jobs and the dubber.",
      from: { path: '^packages/(workspace|disk)/' },
      to: { path: '^packages/(jobs|dubber|engines|media|models)/' },
    },
    {
      name: 'disk-at-the-bottom',
      severity: 'error',
      comment:
        "The disk's crash-safe pieces know nothing of jobs, workspaces or dubs (core's errors and process-lifetime only).",
      from: { path: '^packages/disk/' },
      to: { path: '^packages/(?!disk/|core/|contract/|process-lifetime/)' },
    },
    {
      name: 'server-http-at-the-bottom',
      severity: 'error',
      comment:
        "The server's inner order is http < access < requests, answers < routes < app: HTTP plumbing imports none above it.",
      from: { path: '^apps/server/src/http/' },
      to: { path: '^apps/server/src/(?!http/)' },
    },
    {
      name: 'server-access-below-requests',
      severity: 'error',
      comment: 'Access (keys, callers, refusals) sees only the HTTP plumbing below it.',
      from: { path: '^apps/server/src/access/' },
      to: { path: '^apps/server/src/(?!access/|http/)' },
    },
    {
      name: 'server-services-below-routes',
      severity: 'error',
      comment: 'Requests, answers and the services beside them are used by routes, never the other way.',
      from: { path: '^apps/server/src/(requests|answers|live|publish|voices|url-import)/' },
      to: { path: '^apps/server/src/(routes/|app\\.ts|main\\.ts|worker-main\\.ts)' },
    },
    {
      name: 'server-routes-below-app',
      severity: 'error',
      comment: 'Routes are registered by the app (the composition root), and import nothing of it.',
      from: { path: '^apps/server/src/routes/' },
      to: { path: '^apps/server/src/(app|main|worker-main)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      // Without exportsFields our packages' own names (@voxlate/core) were never resolved, so no rule
      // between packages could fire (found in issue 57): they resolve to their sources now.
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
    combinedDependencies: true,
  },
};
