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

/** Candidate dictionary forms of an English word: itself, then without common endings. */
export function englishLemmas(word: string): string[] {
  const lower = word.toLowerCase().replace(/['’]s$/, '');
  const forms = [lower];
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
