import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

/** Element types used by the tiny models (onnx.TensorProto.DataType). */
export const FLOAT = onnx.TensorProto.DataType.FLOAT;
export const INT64 = onnx.TensorProto.DataType.INT64;
export const BOOL = onnx.TensorProto.DataType.BOOL;
export const FLOAT16 = onnx.TensorProto.DataType.FLOAT16;

type Dim = number | string;
type Attribute = number | number[] | string;

/**
 * A small ONNX graph builder: typed inputs and outputs with symbolic dimensions, constant
 * initialisers, nodes, serialised at opset 17 / IR 8. Same calls, same bytes.
 */
export class OnnxGraph {
  private readonly nodes: InstanceType<typeof onnx.NodeProto>[] = [];
  private readonly inputs: InstanceType<typeof onnx.ValueInfoProto>[] = [];
  private readonly outputs: InstanceType<typeof onnx.ValueInfoProto>[] = [];
  private readonly initializers: InstanceType<typeof onnx.TensorProto>[] = [];
  private readonly metadataProps: { key: string; value: string }[] = [];
  private readonly external: Uint8Array[] = [];
  private externalLength = 0;

  /**
   * @param externalDataFile where large initialisers go when asked (`floats(..., true)`): the
   *   ONNX external-data layout big exports use (`model.onnx` + `model.onnx_data` beside it),
   *   which a runtime can only open from a file path, not from bytes.
   */
  constructor(
    private readonly name: string,
    private readonly externalDataFile?: string,
  ) {}

  input(name: string, type: number, dims: Dim[]): this {
    this.inputs.push(valueInfo(name, type, dims));
    return this;
  }

  output(name: string, type: number, dims: Dim[]): this {
    this.outputs.push(valueInfo(name, type, dims));
    return this;
  }

  floats(name: string, dims: number[], values: Float32Array, external = false): this {
    if (!external) {
      this.initializers.push(onnx.TensorProto.create({ name, dims, dataType: FLOAT, floatData: Array.from(values) }));
      return this;
    }
    if (!this.externalDataFile) throw new Error(`${this.name} has no external data file for ${name}`);
    const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength).slice();
    const entry = (key: string, value: string | number) => ({ key, value: String(value) });
    this.initializers.push(
      onnx.TensorProto.create({
        name,
        dims,
        dataType: FLOAT,
        dataLocation: onnx.TensorProto.DataLocation.EXTERNAL,
        externalData: [
          entry('location', this.externalDataFile),
          entry('offset', this.externalLength),
          entry('length', bytes.length),
        ],
      }),
    );
    this.external.push(bytes);
    this.externalLength += bytes.length;
    return this;
  }

  /** The bytes of the external data file (empty when no initialiser was put there). */
  externalBytes(): Uint8Array {
    const out = new Uint8Array(this.externalLength);
    let offset = 0;
    for (const chunk of this.external) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }

  ints(name: string, dims: number[], values: number[]): this {
    this.initializers.push(onnx.TensorProto.create({ name, dims, dataType: INT64, int64Data: values }));
    return this;
  }

  node(opType: string, inputs: string[], outputs: string[], attributes: Record<string, Attribute> = {}): this {
    this.nodes.push(
      onnx.NodeProto.create({
        opType,
        input: inputs,
        output: outputs,
        name: `${opType}_${this.nodes.length}`,
        attribute: Object.entries(attributes).map(([name, value]) => attribute(name, value)),
      }),
    );
    return this;
  }

  /** Key/value metadata stored in the model (some runtimes, like sherpa-onnx, read their settings here). */
  metadata(entries: Record<string, string | number>): this {
    for (const [key, value] of Object.entries(entries)) this.metadataProps.push({ key, value: String(value) });
    return this;
  }

  toBytes(): Uint8Array {
    const graph = onnx.GraphProto.create({
      name: this.name,
      node: this.nodes,
      input: this.inputs,
      output: this.outputs,
      initializer: this.initializers,
    });
    const model = onnx.ModelProto.create({
      irVersion: 8,
      producerName: 'voxlate-tiny-models',
      opsetImport: [{ domain: '', version: 17 }],
      metadataProps: this.metadataProps,
      graph,
    });
    return onnx.ModelProto.encode(model).finish();
  }
}

function valueInfo(name: string, elemType: number, dims: Dim[]): InstanceType<typeof onnx.ValueInfoProto> {
  return onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: dims.map((dim) => (typeof dim === 'number' ? { dimValue: dim } : { dimParam: dim })) },
      },
    },
  });
}

function attribute(name: string, value: Attribute): InstanceType<typeof onnx.AttributeProto> {
  if (typeof value === 'string')
    return onnx.AttributeProto.create({
      name,
      type: onnx.AttributeProto.AttributeType.STRING,
      s: new TextEncoder().encode(value),
    });
  if (Array.isArray(value))
    return onnx.AttributeProto.create({ name, type: onnx.AttributeProto.AttributeType.INTS, ints: value });
  return onnx.AttributeProto.create({ name, type: onnx.AttributeProto.AttributeType.INT, i: value });
}

/** A seeded generator, so a tiny model is byte-identical from run to run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
