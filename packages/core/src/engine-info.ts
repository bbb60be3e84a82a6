/** Offline engines work from npm/Debian packages alone; neural ones need downloaded weights. */
export type EngineKind = 'offline' | 'neural';

/** What every engine declares about itself. */
export interface EngineInfo {
  id: string;
  kind: EngineKind;
  /** Human name, for reports and the studio. */
  name: string;
}

/** Passed to every engine call. */
export interface EngineContext {
  signal?: AbortSignal;
  /** Units done out of total, for a progress bar. */
  onProgress?: (done: number, total: number) => void;
  /** Something the user should know about the result (it still goes on), said once per run. */
  warn?: (message: string) => void;
}
