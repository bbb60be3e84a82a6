import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TERMINAL_STATES } from '@voxlate/contract';
import type { JobState, JobUpdate } from '@voxlate/jobs';
import { jobFields } from '../answers/job-fields.js';
import { JobEventStream } from '../http/job-event-stream.js';
import type { RouteContext } from './route-context.js';

/** The event streams open now (ended when the service stops). */
const openStreams = new Set<JobEventStream>();

/** A stopping service ends the streams it holds open (a browser's EventSource reconnects later). */
export function endEventStreamsOnClose(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    for (const stream of openStreams) stream.close();
    done();
  });
}

function openStream(reply: FastifyReply, heartbeatMs: number): JobEventStream {
  const stream = new JobEventStream(reply, heartbeatMs);
  openStreams.add(stream);
  void stream.gone.then(() => openStreams.delete(stream));
  return stream;
}

function isTerminal(state: JobState): boolean {
  return (TERMINAL_STATES as readonly string[]).includes(state);
}

/** Sends a job's updates; after a terminal state, `end`, and the stream closes. */
function relay(stream: JobEventStream, id: string, update: JobUpdate): void {
  stream.send(update.type, id, update);
  if (update.type === 'state' && isTerminal(update.state)) {
    stream.send('end', id, {});
    stream.close();
  }
}

/**
 * A job's updates as server-sent events (jobs API). A client that reconnects with Last-Event-ID
 * gets what it missed; one that connects fresh (or whose missed updates are no longer kept, or
 * that saw another run of the service) gets a `snapshot` of the job first. Once the job is ready,
 * failed or cancelled, its last state is followed by `end` and the stream closes; a client that
 * reconnects to an ended job having missed nothing is answered 204, which stops EventSource.
 */
export async function relayJobEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  context: RouteContext,
  jobId: string,
  workspace: string | undefined,
): Promise<void> {
  const { jobs, config } = context;
  const header = request.headers['last-event-id'];
  const after = jobs.eventNumberOf(Array.isArray(header) ? header[0] : header);
  const job = await jobs.get(jobId, workspace);
  if (after !== undefined && isTerminal(job.state) && after >= jobs.lastEventNumber(jobId)) {
    return void reply.code(204).send();
  }
  const stream = openStream(reply, config.heartbeatMs);
  const followed = jobs.follow(jobId, after, (event) => relay(stream, jobs.eventId(event), event.update));
  if (followed.missed) {
    for (const event of followed.missed) relay(stream, jobs.eventId(event), event.update);
  } else {
    const snapshot = jobFields(await jobs.get(jobId, workspace), jobs.progressOf(jobId));
    const id = jobs.lastEventId(jobId);
    stream.send('snapshot', id, snapshot);
    if (isTerminal(snapshot.state)) {
      stream.send('end', id, {});
      stream.close();
    }
  }
  await stream.gone;
  followed.stop();
}

/** How long a request's stream waits for its request to arrive (an upload of 150 MB on a slow line). */
const REQUEST_WAIT_MS = 15 * 60_000;

/**
 * The stages of a spec request the client named with `request_id`, as server-sent events: the
 * stream may open before the request is sent; it carries `progress` and `state` updates only
 * (what the studio shows while /translate answers once at the end), never the job's content,
 * and ends with the request's job.
 */
export async function relayRequestEvents(reply: FastifyReply, context: RouteContext, requestId: string): Promise<void> {
  const { config, jobs, requests } = context;
  const stream = openStream(reply, config.heartbeatMs);
  const waited = new AbortController();
  const timer = setTimeout(() => waited.abort(new Error('no request came')), REQUEST_WAIT_MS);
  void stream.gone.then(() => waited.abort(new Error('client left')));
  let jobId: string;
  try {
    jobId = await requests.jobOf(requestId, waited.signal);
  } catch {
    stream.close();
    return;
  } finally {
    clearTimeout(timer);
  }
  const send = (update: JobUpdate, id: string): void => {
    if (update.type !== 'warning') relay(stream, id, update);
  };
  const followed = jobs.follow(jobId, undefined, (event) => send(event.update, jobs.eventId(event)));
  const now = jobs.progressOf(jobId);
  if (now) send({ type: 'progress', ...now }, jobs.lastEventId(jobId));
  await stream.gone;
  followed.stop();
}
