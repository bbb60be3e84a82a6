/**
 * Text as Kokoro's reference phonemiser (kokoro-js, after misaki) prepares it for eSpeak NG:
 * quotes and brackets unified, CJK punctuation made Latin, titles spelt out, years read in
 * pairs ("1984" -> "19 84"), clock times, money and decimals in words, number ranges with "to".
 * Kokoro was trained on phonemes of text prepared this way, so differing here changes how it
 * speaks. English only, as the voice is.
 */
export function normaliseForKokoro(text: string): string {
  return readNumbers(spellTitles(unifyPunctuation(text))).trim();
}

function unifyPunctuation(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/«/g, '“')
    .replace(/»/g, '”')
    .replace(/[“”]/g, '"')
    .replace(/\(/g, '«')
    .replace(/\)/g, '»')
    .replace(/、/g, ', ')
    .replace(/。/g, '. ')
    .replace(/！/g, '! ')
    .replace(/，/g, ', ')
    .replace(/：/g, ': ')
    .replace(/；/g, '; ')
    .replace(/？/g, '? ')
    .replace(/[^\S \n]/g, ' ')
    .replace(/ {2,}/g, ' ');
}

function spellTitles(text: string): string {
  return text
    .replace(/\bD[Rr]\.(?= [A-Z])/g, 'Doctor')
    .replace(/\b(?:Mr\.|MR\.(?= [A-Z]))/g, 'Mister')
    .replace(/\b(?:Ms\.|MS\.(?= [A-Z]))/g, 'Miss')
    .replace(/\b(?:Mrs\.|MRS\.(?= [A-Z]))/g, 'Mrs')
    .replace(/\betc\.(?! [A-Z])/gi, 'etc')
    .replace(/\b(y)eah?\b/gi, "$1e'a");
}

function readNumbers(text: string): string {
  return text
    .replace(/\d*\.\d+|\b\d{4}s?\b|(?<!:)\b(?:[1-9]|1[0-2]):[0-5]\d\b(?!:)/g, yearOrTime)
    .replace(/(?<=\d),(?=\d)/g, '')
    .replace(/[$£]\d+(?:\.\d+)?(?: hundred| thousand| (?:[bm]|tr)illion)*\b|[$£]\d+\.\d\d?\b/gi, money)
    .replace(/\d*\.\d+/g, decimal)
    .replace(/(?<=\d)-(?=\d)/g, ' to ')
    .replace(/(?<=\d)S/g, ' S')
    .replace(/(?<=[BCDFGHJ-NP-TV-Z])'?s\b/g, "'S")
    .replace(/(?<=X')S\b/g, 's')
    .replace(/(?:[A-Za-z]\.){2,} [a-z]/g, (initials) => initials.replace(/\./g, '-'))
    .replace(/(?<=[A-Z])\.(?=[A-Z])/gi, '-');
}

/** "1984" -> "19 84", "1900s" -> "19 hundreds", "2:05" -> "2 oh 5", "3:00" -> "3 o'clock". */
function yearOrTime(match: string): string {
  if (match.includes('.')) return match;
  if (match.includes(':')) {
    const [hours, minutes] = match.split(':').map(Number) as [number, number];
    if (minutes === 0) return `${hours} o'clock`;
    return minutes < 10 ? `${hours} oh ${minutes}` : `${hours} ${minutes}`;
  }
  const year = Number(match.slice(0, 4));
  if (year < 1100 || year % 1000 < 10) return match;
  const century = match.slice(0, 2);
  const rest = Number(match.slice(2, 4));
  const plural = match.endsWith('s') ? 's' : '';
  if (year % 1000 >= 100 && rest === 0) return `${century} hundred${plural}`;
  if (year % 1000 >= 100 && rest < 10) return `${century} oh ${rest}${plural}`;
  return `${century} ${rest}${plural}`;
}

/** "$5" -> "5 dollars", "£1.01" -> "1 pound and 1 penny". */
function money(match: string): string {
  const bill = match.startsWith('$') ? 'dollar' : 'pound';
  const amount = match.slice(1);
  if (Number.isNaN(Number(amount))) return `${amount} ${bill}s`;
  if (!amount.includes('.')) return `${amount} ${bill}${amount === '1' ? '' : 's'}`;
  const [whole, fraction] = amount.split('.') as [string, string];
  const cents = Number(fraction.padEnd(2, '0'));
  const coin = bill === 'dollar' ? (cents === 1 ? 'cent' : 'cents') : cents === 1 ? 'penny' : 'pence';
  return `${whole} ${bill}${whole === '1' ? '' : 's'} and ${cents} ${coin}`;
}

/** "2.75" -> "2 point 7 5". */
function decimal(match: string): string {
  const [whole, fraction] = match.split('.') as [string, string];
  return `${whole} point ${fraction.split('').join(' ')}`;
}

const PUNCTUATION = ';:,.!?¡¿—…"«»“”(){}[]';
const PUNCTUATION_RUN = new RegExp(`(\\s*[${PUNCTUATION.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}]+\\s*)+`, 'g');

/**
 * The text cut into words and the punctuation between them, in order: punctuation is kept as
 * written and given to Kokoro between the eSpeak chunks (a question mark changes the melody).
 */
export function splitAtPunctuation(text: string): { punctuation: boolean; text: string }[] {
  const pieces: { punctuation: boolean; text: string }[] = [];
  let at = 0;
  for (const match of text.matchAll(PUNCTUATION_RUN)) {
    if (match.index > at) pieces.push({ punctuation: false, text: text.slice(at, match.index) });
    if (match[0].length > 0) pieces.push({ punctuation: true, text: match[0] });
    at = match.index + match[0].length;
  }
  if (at < text.length) pieces.push({ punctuation: false, text: text.slice(at) });
  return pieces;
}
