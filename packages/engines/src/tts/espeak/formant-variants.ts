/** Where eSpeak NG's WASM build keeps its voice variants (its in-memory file system). */
const VARIANTS_DIR = '/usr/share/espeak-ng-data/voices/!v';
/** eSpeak's formants 0-8; a variant that does not name one leaves it at 100 %. */
const FORMANTS = 9;

export interface VariantFiles {
  readFile(path: string, options: { encoding: 'utf8' }): string;
  writeFile(path: string, data: string): void;
}

/**
 * A voice with every formant moved by `scale`: eSpeak's variant files give each formant's
 * frequency as a percentage of the language's (`formant N freq strength width [adder]`), so the
 * base variant's file is copied with each frequency multiplied, under a new name, once per
 * variant and scale. eSpeak makes the voice with its own formant synthesiser: no processing
 * afterwards, no artefacts. `voice` is eSpeak's "language+variant" ("es", "es+f3");
 * the result is the same language with the new variant ("es+vxl_f3_108").
 */
export class FormantVariants {
  private readonly written = new Set<string>();

  constructor(private readonly files: VariantFiles) {}

  voiceWith(voice: string, scale: number): string {
    const [language, variant] = voice.split('+') as [string, string | undefined];
    const name = `vxl_${variant ?? 'default'}_${Math.round(scale * 100)}`;
    if (!this.written.has(name)) {
      const base = variant ? this.files.readFile(`${VARIANTS_DIR}/${variant}`, { encoding: 'utf8' }) : DEFAULT_VARIANT;
      this.files.writeFile(`${VARIANTS_DIR}/${name}`, scaledVariant(base, scale));
      this.written.add(name);
    }
    return `${language}+${name}`;
  }
}

const DEFAULT_VARIANT = 'language variant\nname default\n';

/** The variant file's text with every formant's frequency multiplied by `scale` (missing ones from 100 %). */
export function scaledVariant(text: string, scale: number): string {
  const formants = new Map<number, number[]>();
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields[0] === 'formant' && fields.length >= 5) formants.set(Number(fields[1]), fields.slice(2).map(Number));
    else kept.push(line);
  }
  const lines = Array.from({ length: FORMANTS }, (_, n) => {
    const [frequency = 100, strength = 100, width = 100, ...rest] = formants.get(n) ?? [];
    return ['formant', n, Math.round(frequency * scale), strength, width, ...rest].join(' ');
  });
  return `${kept.join('\n').trimEnd()}\n${lines.join('\n')}\n`;
}
