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
  {
    // Routes call services (issue 57): of the jobs, the one Jobs service; the board, edits, event
    // hub, queues, work slots and job store behind it are its own business.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@voxlate/jobs',
              importNames: [
                'JobBoard',
                'JobEdits',
                'JobEventHub',
                'JobQueue',
                'EmbeddedQueue',
                'RedisQueue',
                'RedisJobWorker',
                'WorkSlots',
                'DiskJobStore',
                'openJobStore',
              ],
              message: 'Routes reach jobs through the Jobs service (RouteContext.jobs), not its parts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The studio's API calls are typed by the route table (AnswerOf, EventOf), never by answer
    // types named by hand: a route's answer changes in the contract and every call follows (issue 57).
    files: ['apps/web/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@voxlate/contract',
              importNames: [
                'AudioUrlAnswer',
                'DubAnswer',
                'Engines',
                'GlossaryAnswer',
                'GlossaryList',
                'Health',
                'Job',
                'JobGroup',
                'JobLine',
                'JobList',
                'JobSpeaker',
                'JobState',
                'LanguageSupport',
                'MemoryCleared',
                'MemoryEntry',
                'MemoryList',
                'ProgressEvent',
                'SavedVoiceAnswer',
                'SavedVoiceFile',
                'SavedVoiceList',
                'Session',
                'StateEvent',
                'SubtitleFiles',
                'VideoErrorEvent',
                'VideoProgressEvent',
                'VideoResultEvent',
                'VoiceListing',
                'WarningEvent',
              ],
              message: "Type the call by its route: AnswerOf<typeof Routes.x> / EventOf<typeof Routes.x, 'name'>.",
            },
          ],
        },
      ],
    },
  },
);
