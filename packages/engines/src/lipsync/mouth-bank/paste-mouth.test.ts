import { describe, expect, it } from 'vitest';
import { featheredEllipse } from './feathered-mask.js';
import type { RgbImage } from '../frame-pictures.js';
import { pasteMouth } from './paste-mouth.js';

const W = 80;
const H = 60;

/** A face-coloured frame with a dark "mouth" bar of the given height at (cx, cy), lit by `light`. */
function frame(cx: number, cy: number, mouthHeight: number, light = 1): RgbImage {
  const pixels = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const inMouth = Math.abs(x - cx) <= 8 && Math.abs(y - cy) <= mouthHeight / 2;
      const [r, g, b] = inMouth ? [90, 30, 40] : [200, 150, 130];
      const i = (y * W + x) * 3;
      pixels[i] = Math.min(255, r * light);
      pixels[i + 1] = Math.min(255, g * light);
      pixels[i + 2] = Math.min(255, b * light);
    }
  }
  return { width: W, height: H, pixels };
}

const mouthRows = (image: RgbImage, cx: number): number =>
  Array.from({ length: H }, (_, y) => image.pixels[(y * W + cx) * 3 + 1]!).filter((g) => g < 90).length;

describe('pasteMouth', () => {
  it("puts the source's open mouth on the target's face, moved to where the target's mouth is", () => {
    const target = frame(40, 40, 2);
    const source = frame(30, 35, 10);
    const before = Uint8Array.from(target.pixels);
    const mask = featheredEllipse({ centreX: 40, centreY: 40, radiusX: 16, radiusY: 12, feather: 0.4 }, target);
    pasteMouth(target, source, { a: 1, b: 0, tx: 10, ty: 5 }, mask);
    expect(mouthRows(target, 40)).toBeGreaterThanOrEqual(9);
    // Outside the mask nothing changed, not one byte.
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const inside = x >= mask.x && x < mask.x + mask.width && y >= mask.y && y < mask.y + mask.height;
        if (inside && mask.alpha[(y - mask.y) * mask.width + (x - mask.x)]! > 0) continue;
        const i = (y * W + x) * 3;
        expect([target.pixels[i], target.pixels[i + 1], target.pixels[i + 2]]).toEqual([
          before[i],
          before[i + 1],
          before[i + 2],
        ]);
      }
    }
  });

  it("matches the source's light to the target's: a darker source frame leaves no dark patch", () => {
    const target = frame(40, 40, 10);
    const source = frame(40, 40, 10, 0.7);
    const mask = featheredEllipse({ centreX: 40, centreY: 40, radiusX: 16, radiusY: 12, feather: 0.4 }, target);
    pasteMouth(target, source, { a: 1, b: 0, tx: 0, ty: 0 }, mask);
    const skin = (y: number, x: number): number => target.pixels[(y * W + x) * 3]!;
    // Skin inside the mask, beside the mouth, stays near the target's own skin red (200).
    expect(Math.abs(skin(40, 52) - 200)).toBeLessThan(12);
  });
});
