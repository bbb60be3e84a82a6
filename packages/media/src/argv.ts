/**
 * Builds a program's argument list from a template: the literal text is split on white
 * space, each interpolated value stays one argument (so paths with spaces are safe) and
 * arrays are spread. `argv\`-i ${input} -map 0:a:0 ${extra}\`` -> ['-i', input, '-map', '0:a:0', ...extra].
 */
export function argv(strings: TemplateStringsArray, ...values: (string | number | readonly string[])[]): string[] {
  const args: string[] = [];
  strings.forEach((literal, i) => {
    args.push(...literal.split(/\s+/).filter(Boolean));
    if (i < values.length) {
      const value = values[i]!;
      if (Array.isArray(value)) args.push(...(value as readonly string[]));
      else args.push(String(value));
    }
  });
  return args;
}
