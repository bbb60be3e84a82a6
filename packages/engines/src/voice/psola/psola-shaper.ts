import {
  throwIfAborted,
  type EngineContext,
  type PcmAudio,
  type ProsodyTrack,
  type ShapingPlan,
  type VoiceShaper,
} from '@voxlate/core';
import { applyFilter, BAND_CENTRES_HZ, bandSpectrum, matchFilter } from '../../dsp/band-spectrum.js';
import { trackEnergy } from '../../dsp/frame-energy.js';
import { measureFormants } from '../../dsp/formants.js';
import { trackPitch, voicedFrameCentres } from '../../dsp/pitch-track.js';
import { findPitchMarks } from './pitch-marks.js';
import { psola } from './td-psola.js';
import { matchLevel } from './level-envelope.js';

/** Every other voiced frame's centre, in samples: 20 ms apart is plenty for long-term measures. */
function voicedCentres(audio: PcmAudio, track: ProsodyTrack): number[] {
  return voicedFrameCentres(track.f0Hz, track.hopSeconds, audio.sampleRate, 2);
}

/**
 * The offline voice shaper: YIN pitch and RMS level for measuring, TD-PSOLA for intonation,
 * a level envelope for energy and emphasis, and a long-term-spectrum match filter for timbre.
 * No learned weights; written for eSpeak NG's clean, periodic output, and usable on any voice.
 */
export class PsolaShaper implements VoiceShaper {
  readonly id = 'psola';
  readonly kind = 'offline' as const;
  readonly name = 'TD-PSOLA + level and spectrum match';
  readonly bandsHz = BAND_CENTRES_HZ;

  measure(audio: PcmAudio): ProsodyTrack {
    const pitch = trackPitch(audio.samples, audio.sampleRate);
    const energy = trackEnergy(audio.samples, audio.sampleRate, pitch.hopSeconds);
    return { hopSeconds: pitch.hopSeconds, f0Hz: pitch.f0, energyDb: energy.db };
  }

  spectrum(audio: PcmAudio, track: ProsodyTrack): Promise<number[]> {
    return bandSpectrum(audio.samples, audio.sampleRate, voicedCentres(audio, track));
  }

  formants(audio: PcmAudio, track: ProsodyTrack): number[] | undefined {
    return measureFormants(audio.samples, audio.sampleRate, voicedCentres(audio, track));
  }

  shape(audio: PcmAudio, own: ProsodyTrack, plan: ShapingPlan, context: EngineContext): Promise<PcmAudio> {
    return new Promise((resolve) => {
      throwIfAborted(context.signal);
      const { samples, sampleRate } = audio;
      const marks = findPitchMarks(samples, sampleRate, { hopSeconds: own.hopSeconds, f0: own.f0Hz });
      const ratio = (sample: number): number => {
        const frame = Math.round(sample / sampleRate / own.hopSeconds);
        const [wanted, was] = [plan.f0Hz[frame] ?? 0, own.f0Hz[frame] ?? 0];
        return wanted > 0 && was > 0 ? wanted / was : 0;
      };
      let shaped = psola(samples, marks, ratio);
      if (plan.spectrumDb) shaped = applyFilter(shaped, matchFilter(plan.spectrumDb, sampleRate));
      resolve({ samples: matchLevel(shaped, own.energyDb, plan.gainDb, sampleRate, own.hopSeconds), sampleRate });
    });
  }
}
