/** Where the mask sits in the frame: an ellipse around the mouth and chin. */
export interface MaskEllipse {
  centreX: number;
  centreY: number;
  radiusX: number;
  radiusY: number;
  /** Share of the radius (0-1) over which the mask fades from 1 to 0 at its edge. */
  feather: number;
}

/** A mask over part of a frame: `alpha` covers the box [x, x+width) x [y, y+height). */
export interface FrameMask {
  x: number;
  y: number;
  width: number;
  height: number;
  alpha: Float32Array;
}

/**
 * A soft-edged ellipse: 1 inside, fading to 0 over the outer `feather` share of the radius
 * with a smoothstep, so a pasted mouth has no edge to see (a hard-edged box was what gave
 * learned lip sync away). Clipped to the frame.
 */
export function featheredEllipse(ellipse: MaskEllipse, frame: { width: number; height: number }): FrameMask {
  const x0 = Math.max(0, Math.floor(ellipse.centreX - ellipse.radiusX));
  const y0 = Math.max(0, Math.floor(ellipse.centreY - ellipse.radiusY));
  const x1 = Math.min(frame.width, Math.ceil(ellipse.centreX + ellipse.radiusX) + 1);
  const y1 = Math.min(frame.height, Math.ceil(ellipse.centreY + ellipse.radiusY) + 1);
  const width = Math.max(0, x1 - x0);
  const height = Math.max(0, y1 - y0);
  const alpha = new Float32Array(width * height);
  const inner = 1 - Math.min(1, Math.max(0, ellipse.feather));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x0 + x + 0.5 - ellipse.centreX) / ellipse.radiusX;
      const dy = (y0 + y + 0.5 - ellipse.centreY) / ellipse.radiusY;
      const distance = Math.sqrt(dx * dx + dy * dy);
      alpha[y * width + x] = distance <= inner ? 1 : distance >= 1 ? 0 : smoothstep((1 - distance) / (1 - inner));
    }
  }
  return { x: x0, y: y0, width, height, alpha };
}

function smoothstep(t: number): number {
  return t * t * (3 - 2 * t);
}
