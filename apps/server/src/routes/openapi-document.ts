/**
 * The jobs API described as OpenAPI 3.1, served at /api/openapi.json. Kept beside the routes it
 * describes; a test checks that every /api/jobs route is in it.
 */
const error = { $ref: '#/components/responses/Error' };
const jobId = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[0-9a-z]{8,10}-[0-9a-f]{12}$' },
};
const jobAnswer = (description: string): object => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } },
});
const file = (description: string, type: string): object => ({
  description: `${description} Streamed from disk; Range requests answered 206.`,
  content: { [type]: { schema: { type: 'string', format: 'binary' } } },
});

export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'Voxlate jobs API',
    version: '1.0.0',
    description:
      'Dubbing projects that last: create a job from a file or a link, follow it, download its result, ' +
      'edit its lines and render only what changed. Field names are snake_case; every error is {"error": "..."}.',
  },
  paths: {
    '/api/jobs': {
      post: {
        summary: 'Create a job (queued at once)',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['target_language'],
                properties: {
                  file: { type: 'string', format: 'binary', description: 'Audio or video (150 MB at most). Or `url`.' },
                  url: { type: 'string', description: 'A direct link to the media, instead of `file`.' },
                  target_language: { $ref: '#/components/schemas/Language' },
                  source_language: { description: 'A language code, or "auto" (the default).', type: 'string' },
                  backend: { type: 'string', enum: ['cascaded'] },
                  apply_lip_sync: { type: 'string', enum: ['true', 'false'] },
                  burn_subtitles: {
                    type: 'string',
                    enum: ['true', 'false'],
                    description: 'Render the target subtitles into the picture (video; default false).',
                  },
                  use_voice_cloning: {
                    type: 'string',
                    enum: ['true', 'false'],
                    description: 'Preserve Voice (default true).',
                  },
                  speakers: { type: 'string', description: 'How many people speak, when known (1-8).' },
                  subtitles: { type: 'string', description: 'SRT or WebVTT used as the source text.' },
                },
              },
            },
          },
        },
        responses: {
          '202': jobAnswer('The job, queued.'),
          '400': error,
          '413': error,
          '415': error,
          '422': error,
          '429': error,
          '503': error,
        },
      },
      get: {
        summary: 'List jobs, newest first',
        parameters: [
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
          { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
        ],
        responses: {
          '200': {
            description: 'A page of jobs (without their lines).',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    jobs: { type: 'array', items: { $ref: '#/components/schemas/Job' } },
                    page: { type: 'integer' },
                    size: { type: 'integer' },
                    total: { type: 'integer' },
                  },
                },
              },
            },
          },
          '400': error,
        },
      },
    },
    '/api/jobs/{id}': {
      parameters: [jobId],
      get: { summary: 'A job with its lines', responses: { '200': jobAnswer('The job.'), '404': error } },
      delete: {
        summary: 'Stop the job if it runs and remove it with its files',
        responses: { '204': { description: 'Removed.' }, '404': error },
      },
    },
    '/api/jobs/{id}/events': {
      parameters: [jobId],
      get: {
        summary: 'The job as server-sent events',
        description:
          'Events `progress` ({progress, phase}), `warning` ({message}), `state` ({state, revision, error?}), each with an `id`. ' +
          'Reconnect with Last-Event-ID to get exactly what was missed; a `snapshot` (the job) comes first when that is not possible.',
        parameters: [{ name: 'Last-Event-ID', in: 'header', schema: { type: 'string' } }],
        responses: { '200': { description: 'The stream.', content: { 'text/event-stream': {} } }, '404': error },
      },
    },
    '/api/requests/{request_id}/events': {
      parameters: [
        {
          name: 'request_id',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' },
        },
      ],
      get: {
        summary: 'The stages of a /translate or /process-audio-url request sent with this request_id',
        description:
          'Open it before sending the request (a field `request_id` of the form, or of the JSON body). ' +
          'Events `progress` ({progress, phase}) and `state` ({state, revision, error?}) while the request waits for its answer.',
        responses: { '200': { description: 'The stream.', content: { 'text/event-stream': {} } }, '400': error },
      },
    },
    '/api/jobs/{id}/result': {
      parameters: [jobId],
      get: {
        summary: 'The dubbed file (MP4 for video, WAV for audio)',
        responses: {
          '200': file('The file, named after the input.', 'application/octet-stream'),
          '206': file('A range of it.', 'application/octet-stream'),
          '404': error,
        },
      },
    },
    '/api/jobs/{id}/source': {
      parameters: [jobId],
      get: {
        summary: 'The media the job was made from',
        responses: {
          '200': file('The input as uploaded or fetched.', 'application/octet-stream'),
          '206': file('A range of it.', 'application/octet-stream'),
          '404': error,
        },
      },
    },
    '/api/jobs/{id}/subtitles/{file}': {
      parameters: [
        jobId,
        {
          name: 'file',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: '^[a-z]{3}\\.(srt|vtt)$' },
          description: 'The source or target language and the format, e.g. spa.vtt.',
        },
      ],
      get: {
        summary: 'Subtitles of the last render',
        responses: { '200': file('SRT or WebVTT.', 'text/plain'), '404': error },
      },
    },
    '/api/jobs/{id}/report': {
      parameters: [jobId],
      get: {
        summary: 'The full report: Timeline, stage times, signed provenance manifest',
        responses: { '200': file('JSON.', 'application/json'), '404': error },
      },
    },
    '/api/jobs/{id}/segments/{segmentId}': {
      parameters: [jobId, { name: 'segmentId', in: 'path', required: true, schema: { type: 'integer', minimum: 0 } }],
      patch: {
        summary: 'Edit a line: the job becomes stale and its last result is still served',
        description: 'Editing the source text alone translates the line again at the next render.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                minProperties: 1,
                properties: {
                  source_text: { type: 'string', maxLength: 2000 },
                  target_text: { type: 'string', maxLength: 2000 },
                },
              },
            },
          },
        },
        responses: { '200': jobAnswer('The job, stale.'), '400': error, '404': error, '409': error },
      },
    },
    '/api/jobs/{id}/render': {
      parameters: [jobId],
      post: {
        summary: 'Re-dub only the lines edited since the last render',
        responses: { '202': jobAnswer('The job, queued.'), '404': error, '409': error, '429': error, '503': error },
      },
    },
    '/api/jobs/{id}/cancel': {
      parameters: [jobId],
      post: {
        summary: 'Stop a queued or running job',
        responses: { '200': jobAnswer('The job once stopped.'), '404': error },
      },
    },
  },
  components: {
    responses: {
      Error: {
        description: 'What went wrong, in words.',
        content: {
          'application/json': {
            schema: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
          },
        },
      },
    },
    schemas: {
      Language: { type: 'string', enum: ['eng', 'cmn', 'yue', 'jpn', 'kor', 'fra', 'spa', 'deu', 'ita', 'rus', 'ell'] },
      Job: {
        type: 'object',
        required: ['id', 'state', 'progress', 'revision'],
        properties: {
          id: { type: 'string' },
          state: { type: 'string', enum: ['queued', 'running', 'ready', 'stale', 'failed', 'cancelled'] },
          progress: { type: 'integer', minimum: 0, maximum: 100 },
          phase: { type: 'string' },
          revision: { type: 'integer', description: 'Goes up by one with every edit.' },
          created_at: { type: 'string', format: 'date-time' },
          updated_at: { type: 'string', format: 'date-time' },
          input_name: { type: 'string' },
          kind: { type: 'string', enum: ['audio', 'video'] },
          source_language: { type: 'string' },
          target_language: { $ref: '#/components/schemas/Language' },
          apply_lip_sync: { type: 'boolean' },
          burn_subtitles: { type: 'boolean' },
          use_voice_cloning: { type: 'boolean' },
          warnings: { type: 'array', items: { type: 'string' } },
          stage_seconds: { type: 'object', additionalProperties: { type: 'number' } },
          edited_lines: { type: 'array', items: { type: 'integer' } },
          error: { type: 'object', properties: { message: { type: 'string' }, code: { type: 'string' } } },
          result: {
            type: ['object', 'null'],
            properties: { container: { type: 'string' }, revision: { type: 'integer' } },
          },
          links: { type: 'object', additionalProperties: { type: 'string' } },
          segments: { type: 'array', items: { $ref: '#/components/schemas/Segment' } },
        },
      },
      Segment: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          start: { type: 'number' },
          end: { type: 'number' },
          speaker: { type: 'string' },
          source_text: { type: 'string' },
          target_text: { type: 'string' },
          quality: { type: 'string', enum: ['full', 'gist'] },
          engines: { type: 'object', additionalProperties: { type: 'string' } },
          route: { type: 'string' },
          fit: {
            type: 'object',
            properties: { tempo: { type: 'number' }, shift: { type: 'number' }, overflow: { type: 'number' } },
          },
          dubbed: { type: 'object', properties: { start: { type: 'number' }, end: { type: 'number' } } },
          lip_sync: { type: 'string' },
          stale: { type: 'boolean', description: 'Edited since the last render.' },
        },
      },
    },
  },
} as const;
