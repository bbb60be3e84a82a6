// The microphone's samples, taken off the audio thread in 40 ms frames of 16-bit PCM. The audio
// context it runs in is opened at 16 kHz, so the browser has already resampled them.

/** What an AudioWorklet's global scope offers (TypeScript's DOM library does not describe it). */
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

/** 40 ms at 16 kHz. */
const FRAME = 640;

class CaptureProcessor extends AudioWorkletProcessor {
  private frame = new Int16Array(FRAME);
  private filled = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    for (const sample of channel) {
      this.frame[this.filled++] = Math.max(-32768, Math.min(32767, Math.round(sample * 32767)));
      if (this.filled === FRAME) {
        this.port.postMessage(this.frame.buffer, [this.frame.buffer]);
        this.frame = new Int16Array(FRAME);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('voxlate-capture', CaptureProcessor);
