import { RegistryResolver, type EngineRegistries } from '@voxlate/engines';
import { CATALOG, type ModelManager } from '@voxlate/models';

/** Seconds of speech an engine made per second of work on this machine. */
export interface SynthesisSpeed {
  engine: string;
  kind: 'synthesis' | 'voice cloning';
  speechSeconds: number;
  workSeconds: number;
  speechPerSecond: number;
  /** What its publisher or this catalog states for the real model on two CPU cores, if anything. */
  published?: number;
}

const SENTENCES = [
  'Welcome back to the channel, everyone.',
  'Today we are going to cook a simple dinner together.',
  'First we cut the onions and fry them slowly in a little oil.',
  'When they are golden, we add the tomatoes and a pinch of salt.',
];

/**
 * The voice models behind the figures, with their installed size next to the published one: a
 * model far smaller than published is a tiny test model, and its figures prove only the plumbing.
 */
export async function describeVoiceModels(manager: ModelManager): Promise<string[]> {
  const listed = await manager.list();
  return listed
    .filter((model) => model.installed && (model.task === 'clone' || model.id === '3dspeaker-campplus-voxceleb'))
    .map((model) => {
      const published = CATALOG.find((entry) => entry.id === model.id)?.megabytes;
      const installedMb = model.bytes / 1e6;
      const tiny = published !== undefined && installedMb < published / 10;
      return (
        `${model.id}: ${installedMb.toFixed(1)} MB installed` +
        (published === undefined ? '' : ` (published: about ${published} MB)`) +
        (tiny ? ' - NOT the published model: its figures prove only the plumbing' : '')
      );
    });
}

/** English synthesis and cloning speed of every installed engine, on the same four sentences. */
export async function synthesisSpeeds(registries: EngineRegistries): Promise<SynthesisSpeed[]> {
  const resolver = new RegistryResolver(registries);
  const speeds: SynthesisSpeed[] = [];
  for (const engine of await registries.tts.candidates((candidate) => candidate.languages.includes('eng'))) {
    speeds.push(
      await timed(engine.id, 'synthesis', undefined, async (text) => (await engine.synthesise(text, 'eng', {})).audio),
    );
  }
  // Every installed cloner, not only the one English dubs use: each engine's own speed.
  const cloners = await registries.clone.candidates((candidate) => candidate.languages.includes('eng'));
  if (cloners.length === 0) return speeds;
  const reference = (await (await resolver.synthesiser('eng', 'espeak-ng')).synthesise(SENTENCES.join(' '), 'eng', {}))
    .audio;
  for (const cloner of cloners) {
    speeds.push(
      await timed(
        cloner.id,
        'voice cloning',
        cloner.speechPerSecond,
        async (text) => (await cloner.clone(text, 'eng', { audio: reference }, {}, { seed: 1 })).audio,
      ),
    );
  }
  return speeds;
}

async function timed(
  engine: string,
  kind: SynthesisSpeed['kind'],
  published: number | undefined,
  speak: (text: string) => Promise<{ samples: Float32Array; sampleRate: number }>,
): Promise<SynthesisSpeed> {
  await speak(SENTENCES[0]!); // loads the model: not counted
  let speechSeconds = 0;
  const started = performance.now();
  for (const sentence of SENTENCES) {
    const audio = await speak(sentence);
    speechSeconds += audio.samples.length / audio.sampleRate;
  }
  const workSeconds = (performance.now() - started) / 1000;
  return {
    engine,
    kind,
    speechSeconds,
    workSeconds,
    speechPerSecond: speechSeconds / workSeconds,
    ...(published === undefined ? {} : { published }),
  };
}

export function printSynthesisSpeeds(speeds: readonly SynthesisSpeed[]): void {
  console.log('speed: seconds of English speech made per second of work here (4 sentences, after loading):');
  for (const speed of speeds) {
    const published =
      speed.published === undefined ? '' : `  (published for the real model on 2 cores: ${speed.published})`;
    console.log(
      `  ${speed.engine.padEnd(24)} ${speed.kind.padEnd(13)} ${speed.speechPerSecond.toFixed(2).padStart(7)}` +
        `  (${speed.speechSeconds.toFixed(1)} s in ${speed.workSeconds.toFixed(2)} s)${published}`,
    );
  }
}
