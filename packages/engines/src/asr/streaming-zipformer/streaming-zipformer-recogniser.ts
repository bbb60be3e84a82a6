import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  type EngineContext,
  type LanguageCode,
  type LivePartialListener,
  type LiveRecogniser,
  type LiveRecognition,
} from '@voxlate/core';
import { STREAMING_ZIPFORMERS, type ModelManager } from '@voxlate/models';
import { spawnTied } from '@voxlate/process-lifetime';
import { DecoderProcess } from '../decoder-process.js';
import { installedStreamingZipformers } from './installed-streaming-zipformers.js';
import { spanOfPieces, type LinePieces } from './words-from-pieces.js';

/** What the decoder process is given: the model's files and its threads. */
interface DecoderSettings {
  encoder: string;
  decoder: string;
  joiner: string;
  tokens: string;
  numThreads: number;
}

/**
 * The decoder process's whole program (plain JavaScript, so the same text runs under tsx, Vitest
 * and the built output), speaking `DecoderProcess`'s frames. One online stream per line, so
 * each line is decoded from a clean state as the batch recogniser decodes its spans. At the end of
 * a line half a second of silence goes in after the audio: the encoder decodes 32 frames at a time
 * and looks 13 frames ahead, so without it the line's last words would wait in a chunk never
 * filled. Modified beam search (4 paths) is a little more accurate than greedy search on
 * streaming Zipformers and gives each token's probability, the word confidences.
 */
const DECODER_PROGRAM = `
const sherpa = require(process.argv[1]);
const settings = JSON.parse(process.argv[2]);
const RATE = 16000;
const recognizer = new sherpa.OnlineRecognizer({
  featConfig: { sampleRate: RATE, featureDim: 80 },
  modelConfig: {
    transducer: { encoder: settings.encoder, decoder: settings.decoder, joiner: settings.joiner },
    tokens: settings.tokens,
    modelType: 'zipformer2',
    numThreads: settings.numThreads,
    provider: 'cpu',
    debug: 0,
  },
  decodingMethod: 'modified_beam_search',
  maxActivePaths: 4,
  enableEndpoint: 0,
});
const TAIL = new Float32Array(RATE / 2);
const say = (reply) => process.stdout.write(JSON.stringify(reply) + '\\n');
let stream = null;
let seconds = 0;
let shown = '';
const decode = () => { while (recognizer.isReady(stream)) recognizer.decode(stream); };
function handle(kind, payload) {
  if (kind === 'S') {
    stream = recognizer.createStream();
    seconds = 0;
    shown = '';
  } else if (!stream) {
    if (kind === 'E') say({ error: 'A line ended that never started.' });
  } else if (kind === 'A') {
    const samples = new Float32Array(payload.length >> 1);
    for (let i = 0; i < samples.length; i++) samples[i] = payload.readInt16LE(2 * i) / 32768;
    stream.acceptWaveform({ samples, sampleRate: RATE });
    seconds += samples.length / RATE;
    decode();
    const text = recognizer.getResult(stream).text.trim();
    if (text !== shown) say({ partial: (shown = text) });
  } else if (kind === 'E') {
    stream.acceptWaveform({ samples: TAIL, sampleRate: RATE });
    stream.inputFinished();
    decode();
    const result = recognizer.getResult(stream);
    stream = null;
    say({ text: result.text, tokens: result.tokens, timestamps: result.timestamps, ys_probs: result.ys_probs, seconds });
  }
}
let pending = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  while (pending.length >= 5) {
    const length = pending.readUInt32LE(1);
    if (pending.length < 5 + length) break;
    handle(String.fromCharCode(pending[0]), pending.subarray(5, 5 + length));
    pending = pending.subarray(5 + length);
  }
});
process.stdin.on('end', () => process.exit(0));
say({ ready: true });
`;

const sherpaEntry = createRequire(import.meta.url).resolve('sherpa-onnx-node');

/**
 * Live recognition with k2-fsa's streaming Zipformer2 transducers through sherpa-onnx: the
 * neural live recogniser, for the languages whose model is installed (English and Mandarin in
 * the catalog). It decodes 320 ms chunks as the audio arrives, so partial captions follow the
 * speaker, and finishes a line about 0.1 s of compute after it ends. One decoder process per
 * stream, like the offline live recogniser.
 */
export class StreamingZipformerRecogniser implements LiveRecogniser {
  readonly id = 'streaming-zipformer';
  readonly kind = 'neural' as const;
  readonly name = 'Streaming Zipformer (k2-fsa, sherpa-onnx)';

  private constructor(
    private readonly manager: ModelManager,
    readonly languages: readonly LanguageCode[],
  ) {}

  static async create(manager: ModelManager): Promise<StreamingZipformerRecogniser> {
    return new StreamingZipformerRecogniser(manager, await installedStreamingZipformers(manager));
  }

  async open(language: LanguageCode, context: EngineContext, onPartial: LivePartialListener): Promise<LiveRecognition> {
    const model = STREAMING_ZIPFORMERS[language];
    if (!model || !this.languages.includes(language))
      throw new Error(`No streaming Zipformer for ${language} is installed`);
    const [encoder, decoder, joiner, tokens] = model.files.map((file) => join(this.manager.folderOf(model), file));
    const settings: DecoderSettings = {
      encoder: encoder!,
      decoder: decoder!,
      joiner: joiner!,
      tokens: tokens!,
      numThreads: 1,
    };
    const child = spawnTied(process.execPath, ['-e', DECODER_PROGRAM, sherpaEntry, JSON.stringify(settings)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return DecoderProcess.start(
      'The streaming Zipformer decoder',
      child,
      context,
      (text, line) => onPartial(text.toLowerCase(), line),
      (reply) => spanOfPieces(reply as unknown as LinePieces),
    );
  }
}
