import captureWorkletUrl from './capture-worklet.ts?worker&url';

/** The capture rate: what the live API takes. */
export const CAPTURE_RATE = 16000;

export interface Microphone {
  stop(): Promise<void>;
}

/**
 * The microphone, resampled to 16 kHz mono by an audio context opened at that rate, handed to
 * `onFrame` in 40 ms frames of 16-bit PCM by an AudioWorklet. Throws the browser's error when
 * the microphone is refused or missing.
 */
export async function openMicrophone(onFrame: (pcm: ArrayBuffer) => void): Promise<Microphone> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  });
  const context = new AudioContext({ sampleRate: CAPTURE_RATE });
  try {
    await context.audioWorklet.addModule(captureWorkletUrl);
    const source = context.createMediaStreamSource(stream);
    const capture = new AudioWorkletNode(context, 'voxlate-capture', { numberOfInputs: 1, numberOfOutputs: 0 });
    capture.port.onmessage = (event: MessageEvent<ArrayBuffer>) => onFrame(event.data);
    source.connect(capture);
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    await context.close();
    throw error;
  }
  return {
    async stop() {
      for (const track of stream.getTracks()) track.stop();
      await context.close();
    },
  };
}

/** Why the microphone could not be opened, in words a creator can act on. */
export function microphoneProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'The microphone was not allowed. Allow it for this page (the icon in the address bar) and press Start again.';
  }
  if (name === 'NotFoundError') return 'No microphone was found. Connect one and press Start again.';
  return `The microphone could not be opened: ${error instanceof Error ? error.message : String(error)}`;
}
