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
      comment: 'Core is the pipeline in plain TypeScript: it sees the contract and nothing else of ours.',
      from: { path: '^packages/core/' },
      to: { path: '^(packages/(?!core/|contract/)|apps/|tools/)' },
    },
    {
      name: 'web-speaks-the-contract',
      severity: 'error',
      comment: 'The studio talks to the service over HTTP only: of our code it may import the contract alone.',
      from: { path: '^apps/web/' },
      to: {
        path: '^(packages/(?!contract/)|apps/(?!web/))',
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
      from: { path: '^packages/(engines|media)/' },
      to: { path: '^packages/(jobs|dubber|engines|media)/', pathNot: '^packages/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { conditionNames: ['source', 'import', 'default'], extensions: ['.ts', '.tsx', '.js'] },
    combinedDependencies: true,
  },
};
