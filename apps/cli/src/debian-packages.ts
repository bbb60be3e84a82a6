import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../../..');

/** The packages of the list that dpkg does not have installed. */
export function missingDebianPackages(packages: readonly string[]): string[] {
  return packages.filter((name) => {
    try {
      const status = execFileSync('dpkg-query', ['-W', '-f', '${db:Status-Status}', name], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      return status.trim() !== 'installed';
    } catch {
      return true;
    }
  });
}

/**
 * Installs Debian packages with apt-get, adding the contrib and non-free components first when the
 * machine lacks them (scripts/debian-components.sh). Needs root: otherwise it says what to run.
 */
export function installDebianPackages(packages: readonly string[]): { ok: boolean; why?: string } {
  if (process.getuid?.() !== 0) {
    return { ok: false, why: `Installing needs root: run  sudo apt-get install ${packages.join(' ')}  and try again.` };
  }
  const steps: [string, string[]][] = [
    ['bash', [join(ROOT, 'scripts/debian-components.sh')]],
    ['apt-get', ['update', '-qq']],
    ['apt-get', ['install', '-y', '--no-install-recommends', ...packages]],
  ];
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) return { ok: false, why: `${command} ${args.join(' ')} failed (exit ${result.status}).` };
  }
  return { ok: true };
}
