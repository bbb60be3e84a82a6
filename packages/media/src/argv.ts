type ArgValue = string | number | readonly string[];

/**
 * Builds a program's argument list from a template: the literal text is split on white
 * space and each interpolated value stays whole, so paths with spaces are safe. A value
 * written against literal text joins that word (`whole_dur=${seconds}` is one argument);
 * a standalone array is spread. `argv\`-i ${input} -t ${2}\`` -> ['-i', input, '-t', '2'].
 */
export function argv(strings: TemplateStringsArray, ...values: ArgValue[]): string[] {
  const args: string[] = [];
  let open = false; // whether the last argument may still grow (no white space since it began)
  const append = (text: string): void => {
    if (open) args[args.length - 1] += text;
    else args.push(text);
    open = true;
  };
  strings.forEach((literal, i) => {
    for (const piece of literal.split(/(\s+)/)) {
      if (piece === '') continue;
      if (/^\s+$/.test(piece)) open = false;
      else append(piece);
    }
    if (i >= values.length) return;
    const value = values[i]!;
    if (Array.isArray(value)) {
      args.push(...(value as readonly string[]));
      open = false;
    } else {
      append(String(value));
    }
  });
  return args;
}
