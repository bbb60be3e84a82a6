import { chooseVoices } from '../voice/choose-voices.js';
import { MIN_SPEAKER_VOICED_SECONDS, speakerProfile, type MeasuredLine } from '../voice/speaker-profile.js';
import type { BaseVoice, SpeakerVoice, VoiceMode } from '../voice/voice-types.js';

/** The speaker's profile follows their last this-many lines (a few minutes of speech). */
const LINES_REMEMBERED = 40;

/**
 * The live speaker's voice, learned line by line from what they have said so far, as a batch dub
 * learns it from the whole file. Once enough of their voice is heard, the base voice chosen for
 * them stays, so the dub does not change voice mid-stream; its pitch keeps following them.
 */
export class LiveSpeaker {
  private readonly lines: MeasuredLine[] = [];
  private settledVoice: BaseVoice | undefined;

  constructor(
    private readonly baseVoices: readonly BaseVoice[],
    private readonly mode: VoiceMode,
  ) {}

  /** Takes a newly heard line; returns the speaker's voice as it now stands. */
  hear(line: MeasuredLine): SpeakerVoice {
    this.lines.push(line);
    if (this.lines.length > LINES_REMEMBERED) this.lines.shift();
    const profile = speakerProfile('S1', this.lines);
    const voices = this.settledVoice ? [this.settledVoice] : this.baseVoices;
    const speaker = chooseVoices([profile], voices, this.mode)[0]!;
    if (!this.settledVoice && profile.voicedSeconds >= MIN_SPEAKER_VOICED_SECONDS) {
      this.settledVoice = this.baseVoices.find((voice) => voice.id === speaker.voice.voice);
    }
    return speaker;
  }
}
