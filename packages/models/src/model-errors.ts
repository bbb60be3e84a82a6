import { BadInput, EngineUnavailable } from '@voxlate/core';

/** Offline mode refuses any network access, naming what was asked for. */
export class OfflineMode extends EngineUnavailable {
  constructor(what: string) {
    super(`Offline mode (VOXLATE_OFFLINE=1) forbids downloading ${what}. Copy the model folder in, or turn it off.`);
  }
}

export class ChecksumMismatch extends EngineUnavailable {
  constructor(file: string, expected: string, actual: string) {
    super(`The download of ${file} is corrupt: sha256 ${actual}, expected ${expected}. It was removed.`);
  }
}

export class UnknownModel extends BadInput {
  constructor(id: string, valid: readonly string[]) {
    super(`Unknown model or preset "${id}". Valid: ${valid.join(', ')}.`);
  }
}
