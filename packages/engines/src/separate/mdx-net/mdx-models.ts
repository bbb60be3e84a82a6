import type { MdxGeometry } from './mdx-geometry.js';

export interface MdxModel {
  /** The model's ONNX file in its catalog entry. */
  file: string;
  name: string;
  geometry: MdxGeometry;
}

/**
 * The MDX-Net models this build can run, by catalog id, with the geometry UVR's
 * model_data.json gives for each (https://github.com/TRvlvr/application_data, mdx_model_data).
 * Kim Vocal 2 is the default: a vocals model, so the background is the mix minus the voice.
 */
export const MDX_MODELS: Readonly<Record<string, MdxModel>> = {
  'mdx-kim-vocal-2': {
    file: 'Kim_Vocal_2.onnx',
    name: 'MDX-Net Kim Vocal 2 (UVR, ONNX)',
    geometry: { nFft: 7680, hop: 1024, dimF: 3072, dimT: 256, primary: 'vocals', compensate: 1.009 },
  },
};
