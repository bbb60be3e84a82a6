import type {
  AudioUrlAnswer,
  DubAnswer as DubAnswerSent,
  SubtitleFiles,
  VideoErrorEvent,
  VideoResultEvent,
} from '@voxlate/contract';

export type { SubtitleFiles };

/** The subtitles an answer carries: each side's, and both in one when asked for. */
export type AnswerSubtitles = Partial<DubAnswerSent['subtitles']>;

/**
 * An answer as the studio receives it: the contract's fields, any of which it copes without
 * (spec section 4: transcripts default to empty strings), and an `error` field, which the spec
 * says to show when a successful answer carries one (section 8).
 */
type AsReceived<T> = Partial<T> & { error?: string };

/** The answer to /translate and /process-audio-url. */
export type DubAnswer = AsReceived<DubAnswerSent & Pick<AudioUrlAnswer, 'source_audio'>>;

/** One server-sent event of /process-video: progress, the result, or an error (section 3). */
export type VideoEvent = AsReceived<Omit<VideoResultEvent, 'progress' | 'phase'> & VideoErrorEvent> & {
  progress?: number;
  phase?: string;
};

/** An error whose message is already the text to show (spec section 8). */
export class StudioError extends Error {}

/** What the studio adds to the spec's fields: the source language, a subtitles file, the speakers, an id to follow stages by. */
export interface SourceChoice {
  sourceLanguage?: string;
  subtitles?: File | undefined;
  /** Sent as `request_id`: the stages stream at /api/requests/{id}/events. */
  requestId?: string;
  /** How many people speak (`speakers`), when the creator says; found from the audio otherwise. */
  speakers?: number | undefined;
  /** Sent as `bilingual_subtitles`: the answer (and a video's track) carries both languages in each cue. */
  bilingualSubtitles?: boolean;
  /** Sent as `glossary_id`: the glossary every line is translated with. */
  glossaryId?: string | undefined;
  /** Sent as `start` and `end`: only this part (seconds) is dubbed. */
  part?: PartAsked;
  /** Sent as `original_speech: remove`: without a separator, silence the original under the dub instead of ducking it. */
  removeOriginal?: boolean;
  signal?: AbortSignal;
}

/** The part of the media to dub, in seconds; a side not given is the media's start or end. */
export interface PartAsked {
  start?: string;
  end?: string;
}

/**
 * The choices as the service's text fields (the same names in a form and in the link flow's
 * JSON), leaving out what was not chosen; the subtitles file is sent apart (a file part, or its text).
 */
function sourceFields(choice: SourceChoice): Record<string, string> {
  const part = choice.part;
  return {
    ...(choice.sourceLanguage ? { source_language: choice.sourceLanguage } : {}),
    ...(choice.requestId ? { request_id: choice.requestId } : {}),
    ...(choice.speakers !== undefined ? { speakers: String(choice.speakers) } : {}),
    ...(choice.bilingualSubtitles ? { bilingual_subtitles: 'true' } : {}),
    ...(choice.glossaryId ? { glossary_id: choice.glossaryId } : {}),
    ...(part?.start ? { start: part.start } : {}),
    ...(part?.end ? { end: part.end } : {}),
    ...(choice.removeOriginal ? { original_speech: 'remove' } : {}),
  };
}

export function appendSource(body: FormData, choice: SourceChoice): void {
  if (choice.subtitles) body.append('subtitles', choice.subtitles, choice.subtitles.name);
  for (const [name, value] of Object.entries(sourceFields(choice))) body.append(name, value);
}

/** POST /translate (section 7) with the error catalogue of section 8. */
export async function translateAudio(
  file: File,
  targetLanguage: string,
  choice: SourceChoice = {},
): Promise<DubAnswer> {
  const body = new FormData();
  body.append('file', file);
  body.append('target_language', targetLanguage);
  body.append('backend', 'cascaded');
  appendSource(body, choice);
  const response = await fetch('/translate', {
    method: 'POST',
    body,
    ...(choice.signal ? { signal: choice.signal } : {}),
  });
  if (!response.ok) throw new StudioError(await nonOkMessage(response));
  const answer = (await response.json()) as DubAnswer;
  if (answer.error) throw new StudioError(answer.error);
  return answer;
}

/** POST /process-audio-url; any failure reads as the server's error or "Failed to process URL". */
export async function translateUrl(url: string, targetLanguage: string, choice: SourceChoice = {}): Promise<DubAnswer> {
  const response = await fetch('/process-audio-url', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      url,
      target_language: targetLanguage,
      backend: 'cascaded',
      ...(choice.subtitles ? { subtitles: await choice.subtitles.text() } : {}),
      ...sourceFields(choice),
    }),
    ...(choice.signal ? { signal: choice.signal } : {}),
  });
  const answer = (await response.json().catch(() => ({}))) as DubAnswer;
  if (!response.ok || answer.error || !answer.audio) throw new StudioError(answer.error || 'Failed to process URL');
  return answer;
}

/** Section 8: the body's error; "Server error: {status}" if unreadable; else "Request failed: {statusText}". */
export async function nonOkMessage(response: Response): Promise<string> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return `Server error: ${response.status}`;
  }
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'string' && error !== '' ? error : `Request failed: ${response.statusText}`;
}

/**
 * POST /process-video and read its event stream: events are separated by a blank line and
 * start with "data: ". Each parsed event goes to `onEvent`; a streamed error stops reading.
 */
export async function processVideo(
  options: {
    file: File;
    targetLanguage: string;
    lipSync: boolean;
    voiceCloning: boolean;
    burnSubtitles?: boolean;
  } & SourceChoice,
  onEvent: (event: VideoEvent) => void,
): Promise<void> {
  const body = new FormData();
  body.append('video', options.file);
  body.append('target_language', options.targetLanguage);
  body.append('backend', 'cascaded');
  body.append('apply_lip_sync', String(options.lipSync));
  body.append('use_voice_cloning', String(options.voiceCloning));
  if (options.burnSubtitles) body.append('burn_subtitles', 'true');
  appendSource(body, { ...options, requestId: undefined });
  const response = await fetch('/process-video', {
    method: 'POST',
    body,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok || !response.body) throw new StudioError(await nonOkMessage(response));
  await readEvents(response.body, onEvent);
}

export async function readEvents(
  stream: ReadableStream<Uint8Array>,
  onEvent: (event: VideoEvent) => void,
): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let sawError = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = done ? '' : (blocks.pop() ?? '');
    for (const block of blocks) {
      const event = parseEvent(block, sawError);
      if (!event) continue;
      onEvent(event);
      if (event.error) {
        sawError = true;
        await reader.cancel();
        return;
      }
    }
    if (done) return;
  }
}

function parseEvent(block: string, sawError: boolean): VideoEvent | undefined {
  const data = block
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trimStart())
    .join('\n');
  if (data === '') return undefined;
  try {
    return JSON.parse(data) as VideoEvent;
  } catch {
    if (sawError) return undefined;
    throw new StudioError('Error processing server response.');
  }
}
