import { describe, expect, it } from 'vitest';
import { engineSettingsFromEnv } from './engine-settings.js';

describe('engine settings from the environment', () => {
  it('takes a shared Apertium server by its URL, without a trailing slash; unset or empty means none', () => {
    expect(engineSettingsFromEnv({ VOXLATE_APERTIUM_URL: 'http://127.0.0.1:2737/' }).apertiumUrl).toBe(
      'http://127.0.0.1:2737',
    );
    expect(engineSettingsFromEnv({ VOXLATE_APERTIUM_URL: '' }).apertiumUrl).toBeUndefined();
    expect(engineSettingsFromEnv({}).apertiumUrl).toBeUndefined();
  });

  it('refuses an Apertium server that is not an http URL, by name', () => {
    expect(() => engineSettingsFromEnv({ VOXLATE_APERTIUM_URL: '127.0.0.1:2737' })).toThrow(
      'VOXLATE_APERTIUM_URL must be an http or https URL, got "127.0.0.1:2737".',
    );
    expect(() => engineSettingsFromEnv({ VOXLATE_APERTIUM_URL: 'file:///etc/passwd' })).toThrow(/VOXLATE_APERTIUM_URL/);
  });

  it('releases idle engines after VOXLATE_ENGINE_IDLE_SECONDS, or the older minutes setting when it is unset', () => {
    expect(engineSettingsFromEnv({ VOXLATE_ENGINE_IDLE_SECONDS: '90' }).idleMs).toBe(90_000);
    expect(engineSettingsFromEnv({ VOXLATE_ENGINE_IDLE_MINUTES: '2' }).idleMs).toBe(120_000);
    expect(engineSettingsFromEnv({ VOXLATE_ENGINE_IDLE_SECONDS: '30', VOXLATE_ENGINE_IDLE_MINUTES: '2' }).idleMs).toBe(
      30_000,
    );
    expect(engineSettingsFromEnv({ VOXLATE_ENGINE_IDLE_SECONDS: 'soon' }).idleMs).toBeUndefined();
  });
});
