import { describe, expect, it } from 'vitest';
import { DEFAULT_MIX } from '@voxlate/core';
import { configFromEnv } from './config.js';

describe('the installation settings from the environment', () => {
  it('reads VOXLATE_DUCK_DB as dB down, the sign the form uses', () => {
    expect(configFromEnv({}).options.mix.duckDb).toBe(DEFAULT_MIX.duckDb);
    expect(DEFAULT_MIX.duckDb).toBeGreaterThan(0);
    expect(configFromEnv({ VOXLATE_DUCK_DB: '18' }).options.mix.duckDb).toBe(18);
  });

  it('refuses a negative duck, naming the value to write instead', () => {
    expect(() => configFromEnv({ VOXLATE_DUCK_DB: '-24' })).toThrow(/got "-24": write 24 to lower it by 24 dB/);
  });
});
