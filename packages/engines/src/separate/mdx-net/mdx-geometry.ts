/**
 * How an MDX-Net model of the UVR family cuts audio into spectrograms (from UVR's
 * model_data.json for each model): STFT size and hop, how many frequency bins (dim_f) and frames
 * (dim_t) the network takes, which stem it predicts and UVR's level compensation for it.
 */
export interface MdxGeometry {
  nFft: number;
  hop: number;
  dimF: number;
  dimT: number;
  /** The stem the network outputs; the other is the mix minus it. */
  primary: 'vocals' | 'instrumental';
  /** UVR's gain on the predicted stem (the network's output runs slightly low). */
  compensate: number;
}

/** Samples the network sees per chunk: dim_t frames, hop apart (centred STFT). */
export function chunkSamples(geometry: MdxGeometry): number {
  return geometry.hop * (geometry.dimT - 1);
}

/** Samples trimmed from each side of a chunk's output, where the STFT's edge effects are. */
export function trimSamples(geometry: MdxGeometry): number {
  return geometry.nFft / 2;
}
