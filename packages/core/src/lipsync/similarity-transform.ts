/** A point in the picture, pixels. */
export interface Point {
  x: number;
  y: number;
}

/**
 * Scale, rotation and shift in one: x' = a*x - b*y + tx, y' = b*x + a*y + ty
 * (a = s*cos θ, b = s*sin θ). What carries a mouth from the frame it was taken in onto the
 * face of another frame without shearing it.
 */
export interface SimilarityTransform {
  a: number;
  b: number;
  tx: number;
  ty: number;
}

/**
 * The similarity transform that best carries `from` onto `to` in the least-squares sense
 * (Umeyama 1991, "Least-squares estimation of transformation parameters between two point
 * patterns", restricted to 2D): centre both sets, the rotation and scale come from the summed
 * dot and cross products, the shift from the centres. Undefined for fewer than two distinct points.
 */
export function fitSimilarity(from: readonly Point[], to: readonly Point[]): SimilarityTransform | undefined {
  const n = Math.min(from.length, to.length);
  if (n < 2) return undefined;
  const centre = (points: readonly Point[]): Point => ({
    x: points.slice(0, n).reduce((sum, p) => sum + p.x, 0) / n,
    y: points.slice(0, n).reduce((sum, p) => sum + p.y, 0) / n,
  });
  const [cf, ct] = [centre(from), centre(to)];
  let dot = 0;
  let cross = 0;
  let spread = 0;
  for (let i = 0; i < n; i++) {
    const [fx, fy] = [from[i]!.x - cf.x, from[i]!.y - cf.y];
    const [tx, ty] = [to[i]!.x - ct.x, to[i]!.y - ct.y];
    dot += fx * tx + fy * ty;
    cross += fx * ty - fy * tx;
    spread += fx * fx + fy * fy;
  }
  if (spread < 1e-9) return undefined;
  const a = dot / spread;
  const b = cross / spread;
  return { a, b, tx: ct.x - (a * cf.x - b * cf.y), ty: ct.y - (b * cf.x + a * cf.y) };
}

export function applySimilarity(t: SimilarityTransform, p: Point): Point {
  return { x: t.a * p.x - t.b * p.y + t.tx, y: t.b * p.x + t.a * p.y + t.ty };
}

/** The transform that undoes `t` (for sampling the source pixel of each destination pixel). */
export function invertSimilarity(t: SimilarityTransform): SimilarityTransform {
  const norm = t.a * t.a + t.b * t.b;
  const a = t.a / norm;
  const b = -t.b / norm;
  return { a, b, tx: -(a * t.tx - b * t.ty), ty: -(b * t.tx + a * t.ty) };
}

/** The transform's scale factor (1 = same size). */
export function similarityScale(t: SimilarityTransform): number {
  return Math.hypot(t.a, t.b);
}
