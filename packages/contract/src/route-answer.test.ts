import { describe, expectTypeOf, it } from 'vitest';
import type { Job, JobGroup, ProgressEvent, Session } from './index.js';
import { Routes } from './routes.js';
import type { AnswerOf, EventOf } from './route-answer.js';

describe("a route's answer, read from the route table", () => {
  it('is the JSON schema the route declares, whatever its status', () => {
    expectTypeOf<AnswerOf<typeof Routes.getJob>>().toEqualTypeOf<Job>();
    expectTypeOf<AnswerOf<typeof Routes.createJob>>().toEqualTypeOf<Job>();
    expectTypeOf<AnswerOf<typeof Routes.getGroup>>().toEqualTypeOf<JobGroup>();
    expectTypeOf<AnswerOf<typeof Routes.getSession>>().toEqualTypeOf<Session>();
    expectTypeOf<AnswerOf<typeof Routes.getJob>>().not.toEqualTypeOf<JobGroup>();
  });

  it('is nothing for a route that answers no JSON', () => {
    expectTypeOf<AnswerOf<typeof Routes.deleteJob>>().toBeNever();
  });

  it('types an event stream by its events', () => {
    expectTypeOf<EventOf<typeof Routes.followJob, 'progress'>>().toEqualTypeOf<ProgressEvent>();
  });
});
