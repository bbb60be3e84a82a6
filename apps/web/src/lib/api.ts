import {
  addressOf,
  dubFormData,
  ProcessVideoForm,
  Routes,
  TranslateForm,
  type AnswerOf,
  type EventOf,
  type RouteSpec,
  type DubAsk,
  type LanguageCode,
} from '@voxlate/contract';

/** Sent on the window when the service answers 401: the session gate checks the sign-in again. */
export const SIGNED_OUT_EVENT = 'voxlate:signed-out';

/** The answer of /translate, as the contract declares it. */
type DubAnswerSent = AnswerOf<typeof Routes.translateAudio>;

/** One language's subtitles in an answer: SRT and WebVTT text. */
export type SubtitleFiles = DubAnswerSent['subtitles']['target'];

/** The subtitles an answer carries: each side's, and both in one when asked for. */
export type AnswerSubtitles = Partial<DubAnswerSent['subtitles']>;

/**
 * An answer as the studio receives it: the contract's fields, any of which it copes without
 * (spec section 4: transcripts default to empty strings), and an `error` field, which the spec
 * says to show when a successful answer carries one (section 8).
 */
type AsReceived<T> = Partial<T> & { error?: string };

/** The answer to /translate and /process-audio-url. */
export type DubAnswer = AsReceived<DubAnswerSent & Pick<AnswerOf<typeof Routes.processAudioUrl>, 'source_audio'>>;

/** One server-sent event of /process-video: progress, the result, or an error (section 3). */
type VideoEventOf<Name extends string> = EventOf<typeof Routes.processVideo, Name>;
export type VideoEvent = AsReceived<Omit<VideoEventOf<'result'>, 'progress' | 'phase'> & VideoEventOf<'error'>> & {
  progress?: number;
  phase?: string;
};

/** An error whose message is already the text to show (spec section 8). */
export class StudioError extends Error {}

/**
 * What a studio request asks besides its media and languages, in the contract's names (DubAsk:
 * the source language, the speakers, the part to dub, what becomes of the original voice, ...),
 * and the subtitles file, sent as a file part or as its text. A field added to the contract is
 * here at once.
 */
export type SourceChoice = Omit<DubAsk, 'targetLanguage' | 'targetLanguages' | 'url' | 'subtitles' | 'backend'> & {
  subtitles?: File | undefined;
  signal?: AbortSignal;
};

/** The fields of a request the settings set as they are, in the contract's names (no file, no signal). */
export type AskedChoice = Omit<SourceChoice, 'subtitles' | 'signal'>;

/** The choice's fields as the contract names them (the subtitles file and the signal are sent apart). */
export function askOf<Choice extends SourceChoice>(choice: Choice): Omit<Choice, 'subtitles' | 'signal'> {
  const { subtitles: _file, signal: _signal, ...ask } = choice;
  return ask;
}

/** The file parts of a form: the media, and the subtitles file when one was chosen. */
export function partsOf(media: File | undefined, choice: SourceChoice): { media?: File; subtitles?: File } {
  return { ...(media ? { media } : {}), ...(choice.subtitles ? { subtitles: choice.subtitles } : {}) };
}

/** POST /translate (section 7) with the error catalogue of section 8. */
export async function translateAudio(
  file: File,
  targetLanguage: LanguageCode,
  choice: SourceChoice = {},
): Promise<DubAnswer> {
  const ask: DubAsk = { ...askOf(choice), targetLanguage, backend: 'cascaded' };
  const body = dubFormData(TranslateForm, ask, partsOf(file, choice));
  const response = await fetch(addressOf(Routes.translateAudio), {
    method: 'POST',
    body,
    ...(choice.signal ? { signal: choice.signal } : {}),
  });
  if (!response.ok) throw new StudioError(await nonOkMessage(response));
  const answer = (await response.json()) as DubAnswer;
  if (answer.error) throw new StudioError(answer.error);
  return answer;
}

/** Section 8: the body's error; "Server error: {status}" if unreadable; else "Request failed: {statusText}". */
export async function nonOkMessage(response: Response): Promise<string> {
  // The key was revoked (or the cookie went) while the page was open: the studio asks to sign in again.
  if (response.status === 401) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
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
 * A route's JSON answer, typed by the route's declaration in the contract (never named here), or
 * the service's refusal as a StudioError (in the words of nonOkMessage).
 */
export async function answerOf<Route extends RouteSpec>(_route: Route, response: Response): Promise<AnswerOf<Route>> {
  if (!response.ok) throw new StudioError(await nonOkMessage(response));
  return (await response.json()) as AnswerOf<Route>;
}

/**
 * POST /process-video and read its event stream: events are separated by a blank line and
 * start with "data: ". Each parsed event goes to `onEvent`; a streamed error stops reading.
 */
export async function processVideo(
  options: { file: File; targetLanguage: LanguageCode } & PictureChoice & SourceChoice,
  onEvent: (event: VideoEvent) => void,
): Promise<void> {
  // The video endpoint answers as it goes: it has no stages to follow by request id.
  const { file, requestId: _unfollowed, ...choice } = options;
  const body = dubFormData(ProcessVideoForm, { ...askOf(choice), backend: 'cascaded' }, partsOf(file, choice));
  const response = await fetch(addressOf(Routes.processVideo), {
    method: 'POST',
    body,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok || !response.body) throw new StudioError(await nonOkMessage(response));
  await readEvents(response.body, onEvent);
}

/** The choices of a video's picture and voice, in the contract's names. */
export type PictureChoice = Pick<DubAsk, 'applyLipSync' | 'useVoiceCloning' | 'burnSubtitles'>;

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
