import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkAnswersAgainstContract } from './contract-answers.js';

/** A service with the check on and one contract route (GET /health) answering what it is told. */
async function serviceAnswering(body: unknown, status = 200) {
  const app = Fastify();
  checkAnswersAgainstContract(app);
  app.get('/health', (_request, reply) => reply.code(status).send(body));
  await app.ready();
  return app;
}

describe('checkAnswersAgainstContract', () => {
  const health = {
    status: 'ok',
    jobs: { running: 0, waiting: 0 },
    queue: 'embedded',
    memory: { rss: 1, heap: 1, external: 1, arrayBuffers: 1 },
  };

  it('lets an answer the contract describes through as it is', async () => {
    const app = await serviceAnswering(health);
    const answer = await app.inject('/health');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(health);
  });

  it('turns an answer with a field missing or one the contract does not name into a 500 that says where', async () => {
    const missing = await (await serviceAnswering({ status: 'ok' })).inject('/health');
    expect(missing.statusCode).toBe(500);
    expect(missing.json<{ error: string }>().error).toMatch(/health \(200\) does not match the contract: .*jobs/);
    const extra = await (await serviceAnswering({ ...health, uptime: 3 })).inject('/health');
    expect(extra.statusCode).toBe(500);
    expect(extra.json<{ error: string }>().error).toMatch(/uptime/);
  });

  it('checks errors against the one error shape and the statuses the route declares', async () => {
    expect((await (await serviceAnswering({ error: 'Bad request' }, 400)).inject('/health')).statusCode).toBe(400);
    const undeclared = await (await serviceAnswering({ error: 'Gone' }, 410)).inject('/health');
    expect(undeclared.statusCode).toBe(500);
    expect(undeclared.json<{ error: string }>().error).toMatch(/status 410 is not declared/);
  });
});
