/** The parts of tfjs's kernel registry and WebAssembly backend a Concat kernel needs. */
export interface TfKernels {
  getKernel(kernelName: string, backendName: string): { kernelFunc: KernelFunc } | undefined;
  unregisterKernel(kernelName: string, backendName: string): void;
  registerKernel(config: { kernelName: string; backendName: string; kernelFunc: KernelFunc }): void;
  util: {
    sizeFromShape(shape: readonly number[]): number;
    parseAxisParam(axis: number | number[], shape: readonly number[]): number[];
  };
  backend_util: {
    computeOutShape(shapes: readonly (readonly number[])[], axis: number): number[];
    assertParamsConsistent(shapes: readonly (readonly number[])[], axis: number): void;
  };
}

interface TensorInfo {
  shape: number[];
  dtype: string;
}

interface WasmBackend {
  makeOutput(shape: readonly number[], dtype: string): TensorInfo;
  typedArrayFromHeap(tensor: TensorInfo): Float32Array | Int32Array | Uint8Array;
}

type KernelFunc = (args: { inputs: TensorInfo[]; backend: WasmBackend; attrs: { axis: number | number[] } }) => unknown;

/**
 * Replaces the Concat kernel of tfjs's WebAssembly backend with one that copies short rows
 * element by element. face-api subtracts its mean colour by concatenating three one-channel
 * tensors along the channels, and tfjs (4.22) copies each row with a typed-array `subarray` and
 * `set`: 519,000 of them for a 416 detector input, some 60 ms of a detection and 4 ms of each
 * 112 px landmark look, most of the lip sync analysis's own time. Same values, same shapes; strings
 * and single tensors go to tfjs's own kernel.
 *
 * Self-contained (no imports, nothing from outside but its argument): its source is also run in
 * the child process that looks at faces on the second core (see child-face-nets.ts).
 */
export function installFastConcat(tf: TfKernels): void {
  const original = tf.getKernel('Concat', 'wasm');
  if (!original || original.kernelFunc.name === 'fastConcat') return;
  const ownKernel = original.kernelFunc;
  /** Rows shorter than this are copied element by element; longer ones with one `set`. */
  const SHORT_ROW = 64;
  const fastConcat: KernelFunc = function fastConcat(args) {
    const { inputs, backend, attrs } = args;
    const nonEmpty = inputs.filter((tensor) => tf.util.sizeFromShape(tensor.shape) > 0);
    if (inputs[0]!.dtype === 'string' || nonEmpty.length < 2) return ownKernel(args);
    const axis = tf.util.parseAxisParam(attrs.axis, inputs[0]!.shape)[0]!;
    const shapes = inputs.map((tensor) => tensor.shape);
    tf.backend_util.assertParamsConsistent(shapes, axis);
    const out = backend.makeOutput(tf.backend_util.computeOutShape(shapes, axis), inputs[0]!.dtype);
    // Views of the heap only after makeOutput, which may grow it (and detach older views).
    const sources = nonEmpty.map((tensor) => backend.typedArrayFromHeap(tensor));
    const target = backend.typedArrayFromHeap(out);
    const rows = tf.util.sizeFromShape(nonEmpty[0]!.shape.slice(0, axis));
    const lengths = nonEmpty.map((tensor) => tf.util.sizeFromShape(tensor.shape.slice(axis)));
    const rowLength = lengths.reduce((sum, length) => sum + length, 0);
    let column = 0;
    sources.forEach((source, k) => {
      const length = lengths[k]!;
      for (let row = 0; row < rows; row++) {
        const from = row * length;
        const to = row * rowLength + column;
        if (length >= SHORT_ROW) target.set(source.subarray(from, from + length), to);
        else for (let i = 0; i < length; i++) target[to + i] = source[from + i]!;
      }
      column += length;
    });
    return out;
  };
  tf.unregisterKernel('Concat', 'wasm');
  tf.registerKernel({ kernelName: 'Concat', backendName: 'wasm', kernelFunc: fastConcat });
}
