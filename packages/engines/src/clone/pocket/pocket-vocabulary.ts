import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { EngineUnavailable } from '@voxlate/core';

/** A flat JSON object's `"key": number` pairs, read from the text so that repeated keys are seen. */
const ENTRY = /"((?:[^"\\]|\\.)*)"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/g;

/**
 * Checks Pocket TTS's SentencePiece files before sherpa-onnx reads them: sherpa-onnx trusts
 * them, and a vocabulary whose ids are not exactly 0..N-1 (a token listed twice, an id skipped)
 * makes its native code read outside its table and crash the whole process (a segfault, no
 * error to catch). A file from the hub is checked against the hub's checksum on download; this
 * catches one adopted or edited by hand.
 */
export async function checkPocketVocabulary(vocabPath: string, scoresPath: string): Promise<void> {
  const vocabulary = await flatNumbers(vocabPath);
  const seen = new Set<number>();
  for (const [token, id] of vocabulary) {
    if (!Number.isInteger(id) || id < 0 || id >= vocabulary.size) {
      throw unusable(vocabPath, `token ${JSON.stringify(token)} has id ${id}, outside 0-${vocabulary.size - 1}`);
    }
    if (seen.has(id)) throw unusable(vocabPath, `id ${id} is given to more than one token`);
    seen.add(id);
  }
  if (vocabulary.size === 0) throw unusable(vocabPath, 'it lists no tokens');
  const scores = await flatNumbers(scoresPath);
  const unscored = [...vocabulary.keys()].filter((token) => !scores.has(token));
  if (unscored.length > 0) {
    throw unusable(scoresPath, `${tokens(unscored.length)} of ${basename(vocabPath)} without a score`);
  }
}

async function flatNumbers(path: string): Promise<Map<string, number>> {
  const text = await readFile(path, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw unusable(path, `it is not JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw unusable(path, 'it is not an object of token -> number');
  }
  const entries = Object.entries(parsed);
  const notNumber = entries.find(([, value]) => typeof value !== 'number');
  if (notNumber) throw unusable(path, `the value of ${JSON.stringify(notNumber[0])} is not a number`);
  const listed = [...text.matchAll(ENTRY)].length;
  if (listed !== entries.length) {
    throw unusable(path, `${tokens(listed - entries.length)} listed more than once`);
  }
  return new Map(entries as [string, number][]);
}

function tokens(count: number): string {
  return count === 1 ? '1 token' : `${count} tokens`;
}

function unusable(path: string, why: string): EngineUnavailable {
  return new EngineUnavailable(
    `Pocket TTS's ${basename(path)} cannot be used: ${why}. Reinstall the model: ` +
      '`npm run models -- remove pocket-tts-eng`, then `add pocket-tts-eng`.',
  );
}
