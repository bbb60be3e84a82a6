import initialisePffft from '@echogarden/pffft-wasm/simd';

const PFFFT_REAL = 0;
const PFFFT_FORWARD = 0;
const PFFFT_BACKWARD = 1;

type PffftModule = Awaited<ReturnType<typeof initialisePffft>>;
let pffft: Promise<PffftModule> | undefined;

/**
 * A real FFT of one size on PFFFT (WASM, SIMD), which takes sizes of the form 2^a 3^b 5^c
 * (MDX-Net's 7680 and 6144 points are not powers of two). Spectra are packed as PFFFT orders
 * them: [DC, Nyquist, re1, im1, re2, im2, ...]. The inverse is scaled back by 1/N.
 */
export class RealFft {
  private constructor(
    private readonly module: PffftModule,
    readonly size: number,
    private readonly setup: number,
    private readonly input: number,
    private readonly output: number,
    private readonly work: number,
  ) {}

  static async create(size: number): Promise<RealFft> {
    pffft ??= initialisePffft();
    const module = await pffft;
    const setup = module['_pffft_new_setup']!(size, PFFFT_REAL);
    if (setup === 0) throw new Error(`PFFFT cannot transform ${size} points (it needs 2^a 3^b 5^c, a multiple of 32).`);
    const buffer = (): number => module['_pffft_aligned_malloc']!(size * 4);
    return new RealFft(module, size, setup, buffer(), buffer(), buffer());
  }

  /** Time -> packed spectrum, into `spectrum`. */
  forward(signal: Float32Array, spectrum: Float32Array): void {
    this.run(signal, spectrum, PFFFT_FORWARD, 1);
  }

  /** Packed spectrum -> time, into `signal`. */
  inverse(spectrum: Float32Array, signal: Float32Array): void {
    this.run(spectrum, signal, PFFFT_BACKWARD, 1 / this.size);
  }

  dispose(): void {
    for (const pointer of [this.input, this.output, this.work]) this.module['_pffft_aligned_free']!(pointer);
    this.module['_pffft_destroy_setup']!(this.setup);
  }

  private run(from: Float32Array, to: Float32Array, direction: number, scale: number): void {
    // Views are taken after each call into WASM: memory growth detaches earlier ones.
    this.module.HEAPF32.set(from.subarray(0, this.size), this.input / 4);
    this.module['_pffft_transform_ordered']!(this.setup, this.input, this.output, this.work, direction);
    const result = this.module.HEAPF32.subarray(this.output / 4, this.output / 4 + this.size);
    for (let i = 0; i < this.size; i++) to[i] = result[i]! * scale;
  }
}
