import { describe, expect, it } from 'vitest';
import { freeParameterSetId, isIdrSample, readAvcConfig } from './h264-units.js';
import { bytesOfHexDump } from './source-packets.js';

/** x264's avcC for a 640x360 High-profile stream, as `ffprobe -show_data` prints it. */
const X264_AVCC =
  '\n00000000: 0164 001e ffe1 001a 6764 001e acd9 40a0  .d......gd....@.\n' +
  '00000010: 2ff9 7011 0000 0300 0100 0003 003c 0f16  /.p..........<..\n' +
  '00000020: 2d96 0100 0468 ef8f cbfd f8f8 00         -....h.......\n';

describe('H.264 units', () => {
  it('reads the length size and the parameter-set ids of an avcC record, and picks a free id', () => {
    const config = readAvcConfig(bytesOfHexDump(X264_AVCC))!;
    expect(config).toEqual({ lengthSize: 4, spsIds: [0], ppsIds: [0] });
    expect(freeParameterSetId(config)).toBe(1);
    expect(freeParameterSetId({ lengthSize: 4, spsIds: [0, 1], ppsIds: [2] })).toBe(3);
  });

  it('refuses bytes that are not an avcC record (an Annex B header)', () => {
    expect(readAvcConfig(Uint8Array.of(0, 0, 0, 1, 0x67, 0x64, 0, 0x1e))).toBeUndefined();
  });

  it('tells an IDR sample from a non-IDR one by its first slice, past SEI units', () => {
    const unit = (type: number, size = 3): number[] => [0, 0, 0, size, type, ...Array<number>(size - 1).fill(0x80)];
    expect(isIdrSample(Uint8Array.from([...unit(6), ...unit(0x65)]), 4)).toBe(true);
    expect(isIdrSample(Uint8Array.from([...unit(6), ...unit(0x41), ...unit(0x65)]), 4)).toBe(false);
    expect(isIdrSample(Uint8Array.from(unit(0x06)), 4)).toBe(false);
  });
});
