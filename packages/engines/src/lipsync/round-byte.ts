/** Rounded to the nearest whole byte, clamped to 0-255: how every painted pixel is stored. */
export function roundByte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : (value + 0.5) | 0;
}
