/**
 * Hangul to Latin by the Revised Romanization of Korean (Ministry of Culture, 2000), with the
 * sound changes it writes: linking (한국어 -> hangugeo), nasalisation (국물 -> gungmul), ㄹ
 * assimilation (신라 -> silla, 종로 -> jongno) and aspiration by ㅎ (좋다 -> jota). MMS-TTS's
 * Korean voice was trained on romanised text (`is_uroman`) and has no Hangul in its alphabet.
 * Everything that is not a Hangul syllable passes through unchanged.
 */

const INITIALS = ['g', 'kk', 'n', 'd', 'tt', 'r', 'm', 'b', 'pp', 's', 'ss', '', 'j', 'jj', 'ch', 'k', 't', 'p', 'h'];
const VOWELS = [
  'a',
  'ae',
  'ya',
  'yae',
  'eo',
  'e',
  'yeo',
  'ye',
  'o',
  'wa',
  'wae',
  'oe',
  'yo',
  'u',
  'wo',
  'we',
  'wi',
  'yu',
  'eu',
  'ui',
  'i',
];
/** Each final (batchim) as [its sound at the end of a syllable, what moves on before a silent ㅇ]. */
const FINALS: readonly (readonly [string, string])[] = [
  ['', ''],
  ['k', 'g'],
  ['k', 'kk'],
  ['k', 'ks'],
  ['n', 'n'],
  ['n', 'nj'],
  ['n', 'n'],
  ['t', 'd'],
  ['l', 'r'],
  ['k', 'lg'],
  ['m', 'lm'],
  ['l', 'lb'],
  ['l', 'ls'],
  ['l', 'lt'],
  ['p', 'lp'],
  ['l', 'r'],
  ['m', 'm'],
  ['p', 'b'],
  ['p', 'ps'],
  ['t', 's'],
  ['t', 'ss'],
  ['ng', 'ng'],
  ['t', 'j'],
  ['t', 'ch'],
  ['k', 'k'],
  ['t', 't'],
  ['p', 'p'],
  ['t', ''],
];

const FIRST_SYLLABLE = 0xac00;
const LAST_SYLLABLE = 0xd7a3;
const SILENT_INITIAL = 11;
const INITIAL_N = 2;
const INITIAL_R = 5;
const INITIAL_M = 6;
/** Finals ending in ㅎ (ㅎ, ㄶ, ㅀ): they aspirate a following ㄱ ㄷ ㅈ. */
const H_FINALS = new Set([27, 6, 15]);
const ASPIRATED: Readonly<Record<number, string>> = { 0: 'k', 3: 't', 12: 'ch' };
const VOWEL_I = 20;
/** Palatalisation: ㄷ and ㅌ before 이 are said ㅈ and ㅊ (같이 -> gachi). */
const PALATALISED: Readonly<Record<number, string>> = { 7: 'j', 25: 'ch' };

interface Syllable {
  initial: number;
  vowel: number;
  final: number;
}

function decompose(char: string): Syllable | undefined {
  const code = char.codePointAt(0)!;
  if (code < FIRST_SYLLABLE || code > LAST_SYLLABLE) return undefined;
  const index = code - FIRST_SYLLABLE;
  return { initial: Math.floor(index / 588), vowel: Math.floor((index % 588) / 28), final: index % 28 };
}

export function containsHangul(text: string): boolean {
  return [...text].some((char) => decompose(char) !== undefined);
}

export function romaniseHangul(text: string): string {
  const chars = [...text];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const syllable = decompose(chars[i]!);
    if (!syllable) {
      out += chars[i];
      continue;
    }
    const previous = i > 0 ? decompose(chars[i - 1]!) : undefined;
    const next = i + 1 < chars.length ? decompose(chars[i + 1]!) : undefined;
    out += initialAfter(previous, syllable) + VOWELS[syllable.vowel]! + finalBefore(syllable, next);
  }
  return out;
}

/** The syllable's initial as heard after the previous syllable's final. */
function initialAfter(previous: Syllable | undefined, syllable: Syllable): string {
  const { initial } = syllable;
  if (!previous || previous.final === 0) return INITIALS[initial]!;
  const [sound, linked] = FINALS[previous.final]!;
  if (initial === SILENT_INITIAL) {
    const palatal = syllable.vowel === VOWEL_I ? PALATALISED[previous.final] : undefined;
    return palatal ?? (linked === 'ng' ? '' : linkedInitial(linked));
  }
  if (H_FINALS.has(previous.final) && ASPIRATED[initial] !== undefined) return ASPIRATED[initial];
  if (initial === INITIAL_R) return sound === 'l' || sound === 'n' ? 'l' : 'n';
  if (initial === INITIAL_N && sound === 'l') return 'l';
  return INITIALS[initial]!;
}

/** Double finals whose first consonant stays while the second moves on before a silent ㅇ. */
const SPLIT_FINAL = /^(l.|ks|nj|ps)$/;

/** What a final moves on as before a silent ㅇ: the second letter of a double final. */
function linkedInitial(linked: string): string {
  return SPLIT_FINAL.test(linked) ? linked.slice(1) : linked;
}

/** The syllable's final as heard before the next syllable's initial. */
function finalBefore(syllable: Syllable, next: Syllable | undefined): string {
  const [sound, linked] = FINALS[syllable.final]!;
  if (syllable.final === 0) return '';
  if (!next) return sound;
  const { initial } = next;
  if (initial === SILENT_INITIAL) return linked === 'ng' ? 'ng' : SPLIT_FINAL.test(linked) ? linked[0]! : '';
  // A final ㅎ is not said itself: it aspirates what follows (좋다 -> jota) or falls silent.
  if (H_FINALS.has(syllable.final)) return sound === 't' ? '' : sound;
  const nasal = initial === INITIAL_N || initial === INITIAL_M || initial === INITIAL_R;
  if (nasal && sound === 'k') return 'ng';
  if (nasal && sound === 't') return 'n';
  if (nasal && sound === 'p') return 'm';
  if (initial === INITIAL_R && sound === 'n') return 'l';
  return sound;
}
