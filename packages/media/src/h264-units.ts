/**
 * The little of H.264's bitstream that copying a stream's groups of pictures needs: which
 * parameter-set ids the source uses (so re-encoded stretches can carry their own under another
 * id), and whether a keyframe is an IDR picture (a clean place to cut: nothing after it refers
 * to anything before it).
 */

/** NAL unit types (ITU-T H.264, table 7-1). */
const NAL_SLICE = 1;
const NAL_IDR_SLICE = 5;

/** What an `avcC` record (ISO/IEC 14496-15, 5.3.3.1) holds that matters here. */
export interface AvcConfig {
  /** Bytes of each NAL unit's length prefix in the samples (1, 2 or 4). */
  lengthSize: number;
  spsIds: number[];
  ppsIds: number[];
}

/** Reads an `avcC` record; undefined when the bytes are not one (an Annex B header, say). */
export function readAvcConfig(record: Uint8Array): AvcConfig | undefined {
  if (record.length < 7 || record[0] !== 1) return undefined;
  const lengthSize = (record[4]! & 0x03) + 1;
  if (lengthSize === 3) return undefined;
  const spsIds: number[] = [];
  const ppsIds: number[] = [];
  try {
    // Byte 5: the SPS count (low 5 bits), then the SPSs; then the PPS count and the PPSs.
    const afterSps = readSets(record, 6, record[5]! & 0x1f, (unit) => spsIds.push(spsIdOf(unit)));
    readSets(record, afterSps + 1, record[afterSps] ?? 0, (unit) => ppsIds.push(ppsIdOf(unit)));
  } catch {
    return undefined;
  }
  return spsIds.length > 0 && ppsIds.length > 0 ? { lengthSize, spsIds, ppsIds } : undefined;
}

/** Reads `count` length-prefixed (16-bit) parameter sets from `offset`; returns the offset after them. */
function readSets(record: Uint8Array, offset: number, count: number, each: (unit: Uint8Array) => void): number {
  for (let i = 0; i < count; i++) {
    if (offset + 2 > record.length) throw new RangeError('avcC ends inside its parameter sets');
    const size = (record[offset]! << 8) | record[offset + 1]!;
    if (offset + 2 + size > record.length) throw new RangeError('avcC ends inside a parameter set');
    each(record.subarray(offset + 2, offset + 2 + size));
    offset += 2 + size;
  }
  return offset;
}

/** seq_parameter_set_id: after the header byte, profile_idc, the constraint flags and level_idc. */
function spsIdOf(unit: Uint8Array): number {
  return new BitReader(unit.subarray(4)).unsignedExpGolomb();
}

/** pic_parameter_set_id: the first field after the header byte. */
function ppsIdOf(unit: Uint8Array): number {
  return new BitReader(unit.subarray(1)).unsignedExpGolomb();
}

/**
 * The smallest id (1-31) neither the source's SPS nor its PPS use, for the re-encoded stretches'
 * parameter sets: a decoder keeps both, and each slice names its own. Undefined if none is free.
 */
export function freeParameterSetId(config: AvcConfig): number | undefined {
  for (let id = 1; id < 32; id++) if (!config.spsIds.includes(id) && !config.ppsIds.includes(id)) return id;
  return undefined;
}

/**
 * Whether a sample (length-prefixed NAL units, as MP4 and Matroska store H.264) holds an IDR
 * picture: its first slice is an IDR slice. False when the bytes do not parse.
 */
export function isIdrSample(sample: Uint8Array, lengthSize: number): boolean {
  let offset = 0;
  while (offset + lengthSize < sample.length) {
    let size = 0;
    for (let i = 0; i < lengthSize; i++) size = size * 256 + sample[offset + i]!;
    const type = sample[offset + lengthSize]! & 0x1f;
    if (type === NAL_IDR_SLICE) return true;
    if (type === NAL_SLICE) return false;
    if (size === 0) return false;
    offset += lengthSize + size;
  }
  return false;
}

/** Reads exp-Golomb codes (H.264 9.1). Emulation-prevention bytes cannot occur this early in a set. */
class BitReader {
  private bit = 0;

  constructor(private readonly bytes: Uint8Array) {}

  unsignedExpGolomb(): number {
    let zeros = 0;
    while (this.next() === 0) {
      if (++zeros > 31) throw new RangeError('exp-Golomb code too long');
    }
    let value = 0;
    for (let i = 0; i < zeros; i++) value = value * 2 + this.next();
    return 2 ** zeros - 1 + value;
  }

  private next(): number {
    const byte = this.bytes[this.bit >> 3];
    if (byte === undefined) throw new RangeError('read past the end');
    const value = (byte >> (7 - (this.bit & 7))) & 1;
    this.bit++;
    return value;
  }
}
