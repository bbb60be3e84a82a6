/**
 * Plays the dubbed lines as they arrive, one after another and never overlapping (the service
 * already spaces them; a line that arrives while one plays waits for it), with a volume and a mute.
 */
export class DubPlayer {
  private readonly context = new AudioContext();
  private readonly gain = this.context.createGain();
  private playingUntil = 0;
  private volume = 1;
  private muted = false;
  /** Lines played to their end so far. */
  played = 0;

  /** `onPlayed` hears each line once it has played to its end. */
  constructor(private readonly onPlayed: (played: number) => void = () => undefined) {
    this.gain.connect(this.context.destination);
  }

  /** Plays a line of mono 16-bit PCM. */
  play(pcm: Uint8Array, sampleRate: number): void {
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.byteLength / 2));
    if (samples.length === 0) return;
    const buffer = this.context.createBuffer(1, samples.length, sampleRate);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < samples.length; i++) channel[i] = samples[i]! / 32768;
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.gain);
    const at = Math.max(this.context.currentTime + 0.02, this.playingUntil);
    source.onended = () => this.onPlayed(++this.played);
    source.start(at);
    this.playingUntil = at + buffer.duration;
    void this.context.resume();
  }

  setVolume(volume: number): void {
    this.volume = volume;
    this.apply();
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    this.apply();
  }

  close(): Promise<void> {
    return this.context.close();
  }

  private apply(): void {
    this.gain.gain.value = this.muted ? 0 : this.volume;
  }
}
