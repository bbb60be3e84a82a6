import type { LanguageCode } from '@voxlate/core';

/**
 * English function words in their commonest sense, for the targets that are glossed word by
 * word (French, Spanish and Italian too, when Apertium is not installed). Dictionaries list these words under rare senses first ("are" is the unit of area "Ar",
 * "is" is "befindet sich") or not at all (eng-rus has no "of", "this" or "could"), and an
 * untranslated "would" or "they" in a Greek sentence is worse than a rough word. A closed class
 * of a few dozen words, so a table is more reliable here than any ranking of dictionary senses.
 * An empty string drops the word (Russian has no present-tense copula, the genitive needs no "of";
 * French, Spanish and Italian say "would" by the verb's ending).
 */
type Glosses = Readonly<Partial<Record<LanguageCode, string>>>;

const w = (
  deu: string,
  rus: string,
  ell: string,
  jpn: string,
  kor: string,
  cmn: string,
  yue: string,
  fra: string,
  spa: string,
  ita: string,
): Glosses => ({ deu, rus, ell, jpn, kor, cmn, yue, fra, spa, ita });

const FUNCTION_WORDS: Readonly<Record<string, Glosses>> = {
  i: w('ich', 'я', 'εγώ', '私', '나', '我', '我', 'je', 'yo', 'io'),
  you: w('Sie', 'вы', 'εσείς', 'あなた', '당신', '你', '你', 'vous', 'usted', 'voi'),
  he: w('er', 'он', 'αυτός', '彼', '그', '他', '佢', 'il', 'él', 'lui'),
  she: w('sie', 'она', 'αυτή', '彼女', '그녀', '她', '佢', 'elle', 'ella', 'lei'),
  it: w('es', 'это', 'αυτό', 'それ', '그것', '它', '佢', 'il', 'eso', 'esso'),
  we: w('wir', 'мы', 'εμείς', '私たち', '우리', '我们', '我哋', 'nous', 'nosotros', 'noi'),
  they: w('sie', 'они', 'αυτοί', '彼ら', '그들', '他们', '佢哋', 'ils', 'ellos', 'loro'),
  this: w('dies', 'этот', 'αυτό', 'この', '이', '这', '呢個', 'ce', 'este', 'questo'),
  these: w('diese', 'эти', 'αυτά', 'これらの', '이', '这些', '呢啲', 'ces', 'estos', 'questi'),
  those: w('jene', 'те', 'εκείνα', 'それらの', '그', '那些', '嗰啲', 'ces', 'esos', 'quelli'),
  not: w('nicht', 'не', 'δεν', 'ない', '안', '不', '唔', 'ne pas', 'no', 'non'),
  and: w('und', 'и', 'και', 'と', '그리고', '和', '同', 'et', 'y', 'e'),
  or: w('oder', 'или', 'ή', 'または', '또는', '或', '或者', 'ou', 'o', 'o'),
  but: w('aber', 'но', 'αλλά', 'しかし', '하지만', '但是', '但係', 'mais', 'pero', 'ma'),
  if: w('wenn', 'если', 'αν', 'もし', '만약', '如果', '如果', 'si', 'si', 'se'),
  whether: w('ob', 'ли', 'αν', 'かどうか', '인지', '是否', '係咪', 'si', 'si', 'se'),
  of: w('von', '', '', 'の', '의', '的', '嘅', 'de', 'de', 'di'),
  with: w('mit', 'с', 'με', 'と', '와', '跟', '同', 'avec', 'con', 'con'),
  without: w('ohne', 'без', 'χωρίς', 'なしで', '없이', '没有', '冇', 'sans', 'sin', 'senza'),
  from: w('von', 'из', 'από', 'から', '에서', '从', '由', 'de', 'de', 'da'),
  am: w('bin', '', 'είμαι', 'です', '이다', '是', '係', 'suis', 'soy', 'sono'),
  is: w('ist', '', 'είναι', 'です', '이다', '是', '係', 'est', 'es', 'è'),
  are: w('sind', '', 'είναι', 'です', '이다', '是', '係', 'sont', 'son', 'sono'),
  was: w('war', 'был', 'ήταν', 'でした', '였다', '是', '係', 'était', 'era', 'era'),
  were: w('waren', 'были', 'ήταν', 'でした', '였다', '是', '係', 'étaient', 'eran', 'erano'),
  be: w('sein', 'быть', 'είναι', 'である', '이다', '是', '係', 'être', 'ser', 'essere'),
  have: w('haben', 'иметь', 'έχω', 'ある', '있다', '有', '有', 'avoir', 'tener', 'avere'),
  has: w('hat', 'имеет', 'έχει', 'ある', '있다', '有', '有', 'a', 'tiene', 'ha'),
  can: w('kann', 'может', 'μπορεί', 'できる', '수 있다', '能', '可以', 'peut', 'puede', 'può'),
  cannot: w(
    'kann nicht',
    'не может',
    'δεν μπορεί',
    'できない',
    '수 없다',
    '不能',
    '唔可以',
    'ne peut pas',
    'no puede',
    'non può',
  ),
  could: w('könnte', 'мог бы', 'θα μπορούσε', 'できた', '수 있었다', '可以', '可以', 'pourrait', 'podría', 'potrebbe'),
  will: w('wird', 'будет', 'θα', 'だろう', '것이다', '将', '會', 'va', 'va a', ''),
  would: w('würde', 'бы', 'θα', 'だろう', '것이다', '会', '會', '', '', ''),
  should: w('sollte', 'должен', 'πρέπει', 'べき', '해야', '应该', '應該', 'devrait', 'debería', 'dovrebbe'),
  must: w('muss', 'должен', 'πρέπει', 'なければならない', '해야 한다', '必须', '一定要', 'doit', 'debe', 'deve'),
  // "do" is mostly the auxiliary in speech ("I don't know", "do you"): said by the verb's form in the target.
  do: w('', '', '', '', '', '', '', '', '', ''),
  does: w('', '', '', '', '', '', '', '', '', ''),
  did: w('', '', '', '', '', '', '', '', '', ''),
  might: w(
    'könnte',
    'может',
    'μπορεί',
    'かもしれない',
    '지도 모른다',
    '可能',
    '可能',
    'pourrait',
    'podría',
    'potrebbe',
  ),
};

/** The table's gloss of an English word for a target: a string ('' = leave out), or undefined when the table has none. */
export function functionWordGloss(word: string, target: LanguageCode): string | undefined {
  return FUNCTION_WORDS[word.toLowerCase()]?.[target];
}

/** Contractions said as one word but glossed as two ("I've" -> "I have", "can't" -> "cannot"). */
const CONTRACTIONS: readonly [RegExp, string][] = [
  [/^can['’]t$/i, 'cannot'],
  [/^won['’]t$/i, 'will not'],
  [/^shan['’]t$/i, 'shall not'],
  [/^let['’]s$/i, 'let us'],
  [/^(\p{L}+)n['’]t$/iu, '$1 not'],
  [/^(\p{L}+)['’]ve$/iu, '$1 have'],
  [/^(\p{L}+)['’]re$/iu, '$1 are'],
  [/^(\p{L}+)['’]ll$/iu, '$1 will'],
  [/^(\p{L}+)['’]d$/iu, '$1 would'],
  [/^(i)['’]m$/iu, '$1 am'],
  [/^(it|he|she|that|there|what|who|where|here)['’]s$/iu, '$1 is'],
];

/** The words an English contraction stands for, or the word itself. */
export function expandContraction(word: string): string[] {
  for (const [pattern, replacement] of CONTRACTIONS) {
    if (pattern.test(word)) return word.replace(pattern, replacement).split(' ');
  }
  return [word];
}
