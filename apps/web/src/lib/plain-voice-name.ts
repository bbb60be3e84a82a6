import type { VoiceListing } from './language-support.js';

/** A voice's kind in plain words: who it sounds like, not which engine makes it. */
function kindOf(voice: VoiceListing): string {
  if (voice.gender === 'female') return 'Woman’s voice';
  if (voice.gender === 'male') return 'Man’s voice';
  return 'Voice';
}

/**
 * The voices of a picker named in plain words (issue 56: no engine names where a creator reads):
 * "Woman’s voice", or "Woman’s voice 2" where a language has several of a kind, in the order the
 * service lists them. The engine's own name is kept for the picker's Details.
 */
export function plainVoiceNames(voices: readonly VoiceListing[]): Map<string, string> {
  const ofKind = new Map<string, number>();
  for (const voice of voices) ofKind.set(kindOf(voice), (ofKind.get(kindOf(voice)) ?? 0) + 1);
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  for (const voice of voices) {
    const kind = kindOf(voice);
    const place = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, place);
    names.set(voice.id, ofKind.get(kind)! > 1 ? `${kind} ${place}` : kind);
  }
  return names;
}
