import { type DubOptions } from '@voxlate/core';
import { dataDirFromEnv } from '@voxlate/engines';
/** Settings read from the environment, with the product's defaults. */
export interface RuntimeConfig {
  /** Where job folders are made (each removed when its job ends). */
  tempRoot: string;
  options: DubOptions;
  /** The models folder (VOXLATE_MODELS_DIR by default); measured engine scores are read from it. */
  modelsRoot?: string;
  /** Where the installation keeps what lasts: its provenance signing key (VOXLATE_DATA_DIR). */
  dataDir: string;
  /** Languages of one upload dubbed at once (VOXLATE_LANGUAGES_AT_ONCE; one per core when not set). */
  languagesAtOnce?: number;
}
export { dataDirFromEnv };
export declare function configFromEnv(env?: NodeJS.ProcessEnv): RuntimeConfig;
//# sourceMappingURL=config.d.ts.map
