import { writeFileAtomic } from '../atomic-write.js';

/**
 * A child for the crash test: writes two large versions of one file in turn, for ever, until it
 * is killed (argv: the file's path). Each version is valid JSON only when whole.
 */
const path = process.argv[2]!;
const versions = ['a', 'b'].map((letter) => JSON.stringify({ version: letter, filler: letter.repeat(4_000_000) }));
// Announced once the first version is whole: from then on there is an old file to keep.
await writeFileAtomic(path, versions[0]!);
process.stdout.write('writing\n');
for (let i = 1; ; i++) await writeFileAtomic(path, versions[i % 2]!);
