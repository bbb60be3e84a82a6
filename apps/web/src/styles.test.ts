import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the focus ring', () => {
  it('reaches 3:1 against the page and card backgrounds (WCAG 2.2 focus appearance)', () => {
    const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');
    const rule = /(^|\n):focus-visible \{([^}]*)\}/.exec(css)?.[2] ?? '';
    const colour = /outline: \d+px solid (#[0-9a-f]{6})/i.exec(rule)?.[1];
    expect(colour).toBeDefined();
    for (const background of ['#ffffff', '#f8fafc']) expect(contrast(colour!, background)).toBeGreaterThanOrEqual(3);
  });
});
