import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PcmFile, Separator } from '@voxlate/core';
import { defaultRegistries, type EngineRegistries } from '@voxlate/engines';
import { MDX_KIM_VOCAL_2, ModelManager } from '@voxlate/models';
import { writeTinyMdx } from '@voxlate/tiny-models';
import { RssSampler } from './rss-sampler.js';
import { duckedBackground, sdr, separationMixFile, separationScene } from './separation-scene.js';

export interface SeparationQuality {
  method: string;
  /** SDR of the background the dub is laid over, against the known music, dB. */
  backgroundSdr: number;
}

/**
 * Background SDR on a mix of real speech and real music made here: the original as it is and
 * the ducked original (the offline fallback) beside every installed separator. Real models
 * only: the registries read the real models folder, where tiny test models never are.
 */
export async function separationQuality(
  registries: EngineRegistries,
  work: string,
  seconds = 60,
): Promise<SeparationQuality[]> {
  const scene = separationScene(work, seconds);
  const original = scene.voice.map((v, i) => v + scene.background[i]!);
  const scores: SeparationQuality[] = [
    { method: 'original as it is (the voice left in)', backgroundSdr: sdr(scene.background, original) },
    {
      method: 'ducked -18 dB where the voice speaks (offline fallback)',
      backgroundSdr: sdr(scene.background, duckedBackground(scene)),
    },
  ];
  for (const id of await installedSeparators(registries)) {
    const separator = await registries.separate.get(id);
    const { background } = await separateFile(separator, scene.mix, work);
    scores.push({ method: `${id} (${separator.name})`, backgroundSdr: sdr(scene.background, readPcm(background)) });
  }
  return scores;
}

export interface SeparationSpeed {
  engine: string;
  seconds: number;
  rtf: number;
  peakRssMb: number;
}

/**
 * The separator's real-time factor and peak memory on 60 s and (unless quick) 10 minutes of
 * speech over music, for each installed separator; with none installed, on the tiny test model,
 * which measures the STFT, chunking and file handling around the network, not the network.
 */
export async function separationSpeed(quick: boolean, log: (line: string) => void): Promise<SeparationSpeed[]> {
  const work = mkdtempSync(join(tmpdir(), 'voxlate-separation-bench-'));
  const real = defaultRegistries();
  const tinyRoot = join(work, 'tiny-models');
  try {
    let registries = real;
    let ids = await installedSeparators(real);
    if (ids.length === 0) {
      log('separator: none installed (npm run models -- add mdx-kim-vocal-2); timing the tiny test model instead');
      registries = await tinyRegistries(tinyRoot);
      ids = ['mdx-kim-vocal-2'];
    }
    const figures: SeparationSpeed[] = [];
    for (const seconds of quick ? [60] : [60, 600]) {
      const mix = separationMixFile(work, seconds);
      for (const id of ids) {
        const separator = await registries.separate.get(id);
        const sampler = new RssSampler();
        sampler.start(50);
        const started = performance.now();
        await separateFile(separator, mix, work);
        const wall = (performance.now() - started) / 1000;
        sampler.stop();
        const label = registries === real ? id : `${id} [tiny test model: STFT + chunking only]`;
        figures.push({
          engine: label,
          seconds,
          rtf: wall / seconds,
          peakRssMb: Math.round(sampler.overallPeak() / 1e6),
        });
        log(
          `separator ${label}: ${seconds} s in ${wall.toFixed(1)} s, RTF ${(wall / seconds).toFixed(3)}, peak RSS ${figures.at(-1)!.peakRssMb} MB`,
        );
      }
      rmSync(mix.path, { force: true });
    }
    if (registries !== real) await closeAll(registries);
    return figures;
  } finally {
    await closeAll(real);
    rmSync(work, { recursive: true, force: true });
  }
}

async function installedSeparators(registries: EngineRegistries): Promise<string[]> {
  return (await registries.separate.describe()).filter((entry) => entry.installed).map((entry) => entry.id);
}

function separateFile(separator: Separator, mix: PcmFile, work: string): Promise<{ background: PcmFile }> {
  return separator.separate(
    mix,
    { voice: join(work, 'bench-voice.f32le'), background: join(work, 'bench-background.f32le') },
    {},
  );
}

async function tinyRegistries(root: string): Promise<EngineRegistries> {
  const manager = new ModelManager({ root, hubBase: 'http://127.0.0.1:9', offline: true });
  await writeTinyMdx(join(manager.folderOf(MDX_KIM_VOCAL_2), 'Kim_Vocal_2.onnx'));
  await manager.adopt('mdx-kim-vocal-2');
  return defaultRegistries(manager);
}

function readPcm(file: PcmFile): Float32Array {
  const bytes = readFileSync(file.path);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
}

async function closeAll(registries: EngineRegistries): Promise<void> {
  await Promise.all(Object.values(registries).map((registry: { close(): Promise<void> }) => registry.close()));
}
