import { addressOf, Routes, type EventOf } from '@voxlate/contract';

type ProgressEvent = EventOf<typeof Routes.followRequest, 'progress'>;

/** A stage of a spec request, as /api/requests/{id}/events streams it. */
export type StageProgress = Pick<ProgressEvent, 'progress' | 'phase'>;

/** A fresh id for a request (sent as `request_id`). */
export function newRequestId(): string {
  return crypto.randomUUID();
}

/**
 * Follows a /translate or /process-audio-url request's stages while the request waits for its
 * one answer. Returns the function that stops following. Without EventSource (old browsers,
 * tests) nothing is followed and the spec's flow is unchanged.
 */
export function followRequest(requestId: string, onProgress: (stage: StageProgress) => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(addressOf(Routes.followRequest, { params: { requestId } }));
  source.addEventListener('progress', (event: MessageEvent<string>) => {
    try {
      const stage = JSON.parse(event.data) as Partial<StageProgress>;
      if (typeof stage.progress === 'number') onProgress({ progress: stage.progress, phase: stage.phase ?? '' });
    } catch {
      // A malformed event is skipped: the request's own answer still ends the work.
    }
  });
  // The stream ends with the request's job; closed here, the browser does not reconnect.
  source.addEventListener('end', () => source.close());
  return () => source.close();
}
