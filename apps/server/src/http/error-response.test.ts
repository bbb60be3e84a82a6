import { describe, expect, it } from 'vitest';
import { BadInput, Busy, Conflict, Internal, TooManyJobs, UnsupportedMediaType } from '@voxlate/core';
import { errorResponse } from './error-response.js';

describe('the one place named errors become HTTP answers', () => {
  it('gives each its status, the fields it carries and when to ask again', () => {
    expect(errorResponse(new Conflict('Line 3 was changed since revision 0.', 7))).toEqual({
      status: 409,
      body: { revision: 7, error: 'Line 3 was changed since revision 0.' },
      headers: {},
    });
    expect(errorResponse(new Conflict('The job is being worked on.')).body).toEqual({
      error: 'The job is being worked on.',
    });
    expect(errorResponse(new TooManyJobs('You already have 3 jobs.', 30))).toMatchObject({
      status: 429,
      headers: { 'Retry-After': '30' },
    });
    expect(errorResponse(new Busy('The glossaries are being changed.'))).toMatchObject({
      status: 503,
      headers: { 'Retry-After': '1' },
    });
    expect(errorResponse(new Busy('The job queue cannot be reached.', 10)).headers).toEqual({ 'Retry-After': '10' });
    expect(errorResponse(new UnsupportedMediaType('Please upload a valid video file')).status).toBe(415);
    expect(errorResponse(new BadInput('No.')).status).toBe(400);
    // An internal error's own text is for the logs, never the client.
    expect(errorResponse(new Internal('stack details')).body.error).not.toContain('stack details');
  });
});
