import { isVoxlateError } from '@voxlate/core';

/**
 * Runs a command and exits with its code; an error is printed in its own words (a named error's
 * code first, none for bad input), and exits 2 for bad input, 130 when cancelled, 1 otherwise.
 */
export async function runCli(main: () => Promise<number>): Promise<never> {
  try {
    process.exit(await main());
  } catch (error) {
    if (isVoxlateError(error)) {
      process.stderr.write(`${error.code === 'BadInput' ? '' : `${error.code}: `}${error.message}\n`);
      if (process.env['VOXLATE_DEBUG'] && error.detail) process.stderr.write(`${error.detail}\n`);
      process.exit(error.code === 'Cancelled' ? 130 : error.code === 'BadInput' ? 2 : 1);
    }
    process.stderr.write(
      `Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  }
}
