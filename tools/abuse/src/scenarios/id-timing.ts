import { openJobStore, type JobRequest } from '@voxlate/jobs';
import type { AbuseServices } from '../abuse-services.js';
import type { ScenarioResult } from './scenario.js';

const PAIRS = 200;
/** Beyond this share of pairs either way (the other workspace's id slower, or faster), timing tells the two apart. */
const TELLING_SHARE = 0.65;

/**
 * Can a workspace tell another workspace's job id from a made-up one by how long the 404 takes?
 * (It could when the record was read before the owner was compared: +0.3 ms, 79 of 100 pairs.)
 * Pairs of GET /api/jobs/<id>, the two ids in turn first, on one kept-alive connection; the
 * share of pairs in which the real id was slower, and the median difference.
 */
export async function idTiming(services: AbuseServices): Promise<ScenarioResult> {
  const service = services.process('keyed');
  const theirs = await openJobStore(service.dataDir).create({
    targetLanguage: 'spa',
    client: 'workspace:another',
    workspace: 'another-workspace',
  } as JobRequest);
  const madeUp = `${theirs.id.slice(0, -12)}${'0'.repeat(12)}`;
  const headers = { authorization: `Bearer ${services.accessKeys!.read}` };
  const timed = async (id: string): Promise<{ ms: number; status: number }> => {
    const started = performance.now();
    const answer = await fetch(`${service.url}/api/jobs/${id}`, { headers });
    await answer.arrayBuffer();
    return { ms: performance.now() - started, status: answer.status };
  };
  await timed(theirs.id);
  const differences: number[] = [];
  const statuses: Record<string, number> = {};
  for (let pair = 0; pair < PAIRS; pair++) {
    const order = pair % 2 === 0 ? [theirs.id, madeUp] : [madeUp, theirs.id];
    const [first, second] = [await timed(order[0]!), await timed(order[1]!)];
    for (const { status } of [first, second]) statuses[status] = (statuses[status] ?? 0) + 1;
    differences.push(order[0] === theirs.id ? first.ms - second.ms : second.ms - first.ms);
  }
  const slower = differences.filter((difference) => difference > 0).length / PAIRS;
  const median = [...differences].sort((a, b) => a - b)[Math.floor(PAIRS / 2)]!;
  const all404 = Object.keys(statuses).every((status) => status === '404');
  return {
    name: 'job ids of another workspace are not told from made-up ones by timing',
    held: all404 && slower <= TELLING_SHARE && slower >= 1 - TELLING_SHARE,
    detail:
      `another workspace's id answered slower in ${Math.round(slower * PAIRS)} of ${PAIRS} paired tries ` +
      `(median ${median >= 0 ? '+' : ''}${median.toFixed(3)} ms); every answer 404: ${all404 ? 'yes' : 'no'}`,
    statuses,
  };
}
