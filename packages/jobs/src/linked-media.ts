import type { JobRequest } from './job-request.js';

/**
 * What a URL import's job learns once its link is fetched: the media's file in its `input/`
 * folder, its kind and the container it is dubbed into, the choices its picture allows, and the
 * phases the dub will show.
 */
export type LinkedMedia = Pick<JobRequest, 'inputFile' | 'kind' | 'outputContainer' | 'choices' | 'phases'>;

/**
 * Fetches a job's link into its input folder and looks at what came: the first step of a URL
 * import's job, so the import goes on when the client that asked for it has gone. The service
 * gives it (the link rules and the media checks are the service's); a processor without one
 * cannot run such a job.
 */
export type FetchLinkedMedia = (inputFolder: string, request: JobRequest, signal: AbortSignal) => Promise<LinkedMedia>;

/** A job whose media is still a link: made by a URL import, and not fetched yet. */
export function awaitsItsLink(request: Pick<JobRequest, 'link' | 'inputFile'>): boolean {
  return request.link !== undefined && request.inputFile === '';
}
