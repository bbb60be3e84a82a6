/** One analysis frame of a live stream, as the voice-activity detector judged it. */
export interface VoiceFrame {
  /** Seconds from the start of the stream. */
  start: number;
  seconds: number;
  speech: boolean;
  /** Level of the frame, dB full scale: where a line that never pauses is best cut. */
  energyDb: number;
}

/** A voice-activity detector's running judgement of one live stream, frame by frame. */
export interface VoiceFrameStream {
  /** Takes the next samples (16 kHz, any length); returns the frames they completed. */
  push(samples: Float32Array): Promise<VoiceFrame[]>;
}
