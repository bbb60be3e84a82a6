import { readFileSync } from 'node:fs';
import type { ToolInfo } from '@voxlate/core';

/** Voxlate and its version (this package's), as dubs name the tool that made them. */
export const PRODUCT: ToolInfo = {
  name: 'Voxlate',
  // One level above both src/ and dist/: the package's own package.json.
  version: (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
    .version,
};
