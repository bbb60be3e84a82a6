import { optedInVoicePacks, type OptInVoicePack } from './tts/voice-opt-ins.js';

/** Settings of the offline engines, from the environment. */
export interface EngineSettings {
  /** Longest wait for one call to a child server (VOXLATE_ENGINE_CALL_TIMEOUT_MS; 20 s by default). */
  callTimeoutMs?: number;
  /**
   * Dictionaries, analysers and engine servers unused this long are released
   * (VOXLATE_ENGINE_IDLE_SECONDS, 600 by default; the older VOXLATE_ENGINE_IDLE_MINUTES still counts when it is unset).
   */
  idleMs?: number;
  /** Voice packs with a non-commercial licence the creator opted in to (`npm run voices -- add mbrola`). */
  optedInVoices?: readonly OptInVoicePack[];
  /**
   * An apertium-apy already running (VOXLATE_APERTIUM_URL), used instead of starting one in this
   * process: the services, workers and CLI runs of one machine then share its warm pipelines.
   */
  apertiumUrl?: string;
}

export function engineSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): EngineSettings {
  const positive = (name: string): number | undefined => {
    const value = Number(env[name]);
    return env[name] !== undefined && env[name] !== '' && Number.isFinite(value) && value > 0 ? value : undefined;
  };
  const callTimeoutMs = positive('VOXLATE_ENGINE_CALL_TIMEOUT_MS');
  const idleSeconds =
    positive('VOXLATE_ENGINE_IDLE_SECONDS') ?? minutesAsSeconds(positive('VOXLATE_ENGINE_IDLE_MINUTES'));
  const apertiumUrl = httpUrl(env, 'VOXLATE_APERTIUM_URL');
  return {
    ...(callTimeoutMs === undefined ? {} : { callTimeoutMs }),
    ...(idleSeconds === undefined ? {} : { idleMs: idleSeconds * 1000 }),
    optedInVoices: optedInVoicePacks(env),
    ...(apertiumUrl === undefined ? {} : { apertiumUrl }),
  };
}

function minutesAsSeconds(minutes: number | undefined): number | undefined {
  return minutes === undefined ? undefined : minutes * 60;
}

/** An http(s) URL setting without its trailing slash (unset or empty: none); anything else is refused by name. */
function httpUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  if (value === undefined || value === '') return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new Error(`${name} must be an http or https URL, got "${value}".`);
  }
  return value.replace(/\/+$/, '');
}
