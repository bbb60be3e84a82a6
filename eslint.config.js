import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'eslint.config.js', '.dependency-cruiser.cjs', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'vitest.config.ts',
            'vitest.temp-guard.ts',
            'vitest.file-times.ts',
            'vitest.build.ts',
            'vitest.apertium.ts',
            'vitest.cache-folder.ts',
            'vitest.units-setup.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Tagged templates run commands in tests and tools (ffmpeg`-i ${input} ...`).
      '@typescript-eslint/no-unused-expressions': ['error', { allowTaggedTemplates: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A listener added to a signal that already aborted is never called: a job ran on for a
    // client that had left, and a request read a body that could never come, for ever (issue 53).
    ignores: ['apps/web/**', 'packages/core/src/when-aborted.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='addEventListener'][arguments.0.value='abort']",
          message: 'Use whenAborted from @voxlate/core: it also answers a signal that aborted before it was given.',
        },
      ],
    },
  },
);
