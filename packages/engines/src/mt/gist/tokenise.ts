/** A run of letters (with inner apostrophes/hyphens) or a single other character. */
export interface Token {
  text: string;
  isWord: boolean;
}

export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*|\S/gu)) {
    tokens.push({ text: match[0], isWord: /[\p{L}\p{N}]/u.test(match[0]) });
  }
  return tokens;
}

/** Irregular forms dictionaries list under another headword. */
const IRREGULAR: Readonly<Record<string, string>> = {
  am: 'be',
  is: 'be',
  are: 'be',
  was: 'be',
  were: 'be',
  been: 'be',
  being: 'be',
  has: 'have',
  had: 'have',
  did: 'do',
  does: 'do',
  done: 'do',
  went: 'go',
  gone: 'go',
  said: 'say',
  made: 'make',
  took: 'take',
  taken: 'take',
  came: 'come',
  saw: 'see',
  seen: 'see',
  got: 'get',
  gave: 'give',
  given: 'give',
  knew: 'know',
  known: 'know',
  thought: 'think',
  told: 'tell',
  found: 'find',
  felt: 'feel',
  left: 'leave',
  kept: 'keep',
  began: 'begin',
  me: 'I',
  him: 'he',
  her: 'she',
  us: 'we',
  them: 'they',
  men: 'man',
  women: 'woman',
  children: 'child',
  people: 'person',
  better: 'good',
  best: 'good',
  worse: 'bad',
  worst: 'bad',
};

/** Candidate dictionary forms of an English word: itself, an irregular base, then without common endings. */
export function englishLemmas(word: string): string[] {
  const lower = word.toLowerCase().replace(/['’]s$/, '');
  const forms = [lower];
  const irregular = IRREGULAR[lower];
  if (irregular) forms.push(irregular);
  const rules: [RegExp, string][] = [
    [/ies$/, 'y'],
    [/es$/, ''],
    [/s$/, ''],
    [/ied$/, 'y'],
    [/ed$/, ''],
    [/ed$/, 'e'],
    [/ing$/, ''],
    [/ing$/, 'e'],
    [/ly$/, ''],
  ];
  for (const [ending, replacement] of rules) {
    if (ending.test(lower) && lower.length > 4) forms.push(lower.replace(ending, replacement));
  }
  return [...new Set(forms)];
}
