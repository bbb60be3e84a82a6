/** One named server-sent event of the jobs API. */
export interface JobEvent {
  event: string;
  id: string;
  data: Record<string, unknown>;
}

/**
 * Follows a job's event stream until `until` holds for an event (or `ms` pass), then closes the
 * connection; returns the events read. `lastEventId` is sent as a reconnecting browser would.
 */
export async function readJobEvents(
  url: string,
  until: (event: JobEvent) => boolean,
  options: { lastEventId?: string; ms?: number; headers?: Record<string, string> } = {},
): Promise<JobEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.ms ?? 120_000);
  const events: JobEvent[] = [];
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      headers: { ...options.headers, ...(options.lastEventId ? { 'Last-Event-ID': options.lastEventId } : {}) },
    });
    if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = parseBlock(block);
        if (!event) continue;
        events.push(event);
        if (until(event)) return events;
      }
    }
    return events;
  } catch (error) {
    if (controller.signal.aborted) throw new Error(`no matching event in time; got ${JSON.stringify(events)}`);
    throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

function parseBlock(block: string): JobEvent | undefined {
  if (block.startsWith(':')) return undefined;
  const fields = Object.fromEntries(
    block.split('\n').map((line) => {
      const colon = line.indexOf(': ');
      return [line.slice(0, colon), line.slice(colon + 2)];
    }),
  ) as Record<string, string>;
  if (fields['event'] === undefined || fields['id'] === undefined || fields['data'] === undefined) {
    throw new Error(`malformed event: ${block}`);
  }
  return { event: fields['event'], id: fields['id'], data: JSON.parse(fields['data']) as Record<string, unknown> };
}

/** Whether an event says the job settled in one of these states. */
export function settledIn(states: readonly string[]): (event: JobEvent) => boolean {
  return (event) =>
    (event.event === 'state' || event.event === 'snapshot') && states.includes(String(event.data['state']));
}
