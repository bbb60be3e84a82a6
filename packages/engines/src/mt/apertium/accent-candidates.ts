/**
 * The accented letters a plain letter may stand for when a creator (or a subtitle file) wrote a
 * word without its marks, per source language, the most frequent mark of each letter first
 * (Spanish writes far more é and í than ü; French é before è, ê and ë).
 */
const MARKS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  spa: { a: ['á'], e: ['é'], i: ['í'], o: ['ó'], u: ['ú', 'ü'], n: ['ñ'] },
  fra: { e: ['é', 'è', 'ê', 'ë'], a: ['à', 'â'], i: ['î', 'ï'], o: ['ô'], u: ['ù', 'û', 'ü'], c: ['ç'] },
  ita: { e: ['è', 'é'], a: ['à'], i: ['ì'], o: ['ò'], u: ['ù'] },
};

/**
 * The most marks restored in one word: a Spanish word has one stress mark and perhaps an ñ
 * ("compañía"), a French one may carry three ("détérioré"), an Italian one its final vowel's.
 */
const MOST_MARKS: Readonly<Record<string, number>> = { spa: 2, fra: 3, ita: 1 };

/** Marks on consonants come after those on vowels: "conexion" is "conexión" before "conexioñ". */
const CONSONANT_MARKS = new Set(['ñ', 'ç']);

/** The languages whose unmarked words are tried with their accents restored. */
export function restoresAccents(language: string): boolean {
  return language in MARKS;
}

/**
 * Every way of putting marks back on a word written without them, at most a few marks, the
 * likeliest first: fewer marks first, then the more frequent marks, then marks nearer the word's
 * end (Spanish and Italian stress marks sit on the last syllables: "-ción", "-ía", "città").
 * The word's own letters and case are kept; a word that already has a mark gets no more.
 */
export function accentCandidates(word: string, language: string): string[] {
  const marks = MARKS[language];
  if (!marks || /[^\p{ASCII}]/u.test(word)) return [];
  const lower = word.toLowerCase();
  const places = [...lower].flatMap((letter, index) => {
    const options = optionsAt(lower, index, language, marks[letter] ?? []);
    return options.length > 0 ? [{ index, options }] : [];
  });
  const found: { text: string; cost: number }[] = [];
  const most = Math.min(MOST_MARKS[language] ?? 1, places.length);
  const chosen: { index: number; mark: string; rank: number }[] = [];
  const walk = (from: number): void => {
    if (chosen.length > 0) {
      const letters = [...lower];
      for (const { index, mark } of chosen) letters[index] = mark;
      const cost = chosen.length * 100 + chosen.reduce((sum, c) => sum + c.rank * 10 - c.index / lower.length, 0);
      found.push({ text: letters.join(''), cost });
    }
    if (chosen.length === most) return;
    for (let p = from; p < places.length; p++) {
      places[p]!.options.forEach((mark, order) => {
        chosen.push({ index: places[p]!.index, mark, rank: order + (CONSONANT_MARKS.has(mark) ? 1 : 0) });
        walk(p + 1);
        chosen.pop();
      });
    }
  };
  walk(0);
  // A stable sort: candidates of equal cost stay in the order they were made.
  return found.sort((a, b) => a.cost - b.cost).map((c) => inCaseOf(word, c.text));
}

/**
 * The marks a letter may take at its place, likeliest first. Italian's final e is open (è: "caffè",
 * "cioè") except after "ch" and in the few words of "-ché" ("perché", "poiché", "benché").
 */
function optionsAt(word: string, index: number, language: string, options: readonly string[]): readonly string[] {
  if (language === 'ita' && index === word.length - 1 && word.endsWith('che')) return ['é', 'è'];
  return options;
}

/** The candidate written in the word's case: "CONEXION" -> "CONEXIÓN", "Conexion" -> "Conexión". */
function inCaseOf(word: string, candidate: string): string {
  if (word === word.toUpperCase() && word !== word.toLowerCase()) return candidate.toUpperCase();
  if (word[0] === word[0]!.toUpperCase()) return candidate[0]!.toUpperCase() + candidate.slice(1);
  return candidate;
}
