/**
 * IEEE 754 half precision <-> single, for models whose inputs and outputs are float16 (q4f16
 * exports): Node 20 has no Float16Array, and ONNX Runtime takes and gives float16 tensors as the
 * raw 16-bit patterns in a Uint16Array.
 */
const scratch = new DataView(new ArrayBuffer(4));

export function toHalf(values: Float32Array): Uint16Array {
  const out = new Uint16Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = halfBits(values[i]!);
  return out;
}

export function fromHalf(bits: Uint16Array): Float32Array {
  const out = new Float32Array(bits.length);
  for (let i = 0; i < bits.length; i++) out[i] = halfValue(bits[i]!);
  return out;
}

function halfBits(value: number): number {
  scratch.setFloat32(0, value);
  const single = scratch.getUint32(0);
  const sign = (single >>> 16) & 0x8000;
  const exponent = (single >>> 23) & 0xff;
  const mantissa = single & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0); // infinity, NaN
  const halfExponent = exponent - 127 + 15;
  if (halfExponent >= 0x1f) return sign | 0x7c00; // too large: infinity
  if (halfExponent <= 0) {
    if (halfExponent < -10) return sign; // too small: zero
    const full = mantissa | 0x800000;
    const shift = 14 - halfExponent;
    const rounded = (full >> shift) + ((full >> (shift - 1)) & 1);
    return sign | rounded;
  }
  const rounded = (halfExponent << 10) | (mantissa >> 13);
  // Round to nearest: a carry out of the mantissa correctly bumps the exponent.
  return sign | (rounded + ((mantissa >> 12) & 1));
}

function halfValue(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa ? Number.NaN : sign * Infinity;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}
