// The install itself is part of the product: `npm ci` on the Node the README names must not warn
// about engines, and every dependency with an install script must be reviewed in `allowScripts`
// (npm 11 lists unreviewed ones after the install; npm 12 blocks them).
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
}

const root = new URL('../', import.meta.url);
const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, root), 'utf8'));
const lock = readJson('package-lock.json') as { packages: Record<string, LockedPackage> };
const manifest = readJson('package.json') as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};

/** The Node major the README's two commands are written for ("with Node 20"). */
function readmeNodeMajor(): number {
  const match = /with Node (\d+)/.exec(readFileSync(new URL('README.md', root), 'utf8'));
  if (!match?.[1]) throw new Error('README.md does not name the Node version');
  return Number(match[1]);
}

/** Node 20's oldest release still maintained when the lock was made: 20.19. */
const oldestSupported = (major: number): string => (major === 20 ? '20.19.0' : `${major}.0.0`);

const packageName = (lockPath: string): string => lockPath.slice(lockPath.lastIndexOf('node_modules/') + 13);

describe('the install on the README Node', () => {
  const node = oldestSupported(readmeNodeMajor());

  it('the project itself accepts that Node', () => {
    expect(semver.satisfies(node, manifest.engines.node)).toBe(true);
  });

  it('every locked package supports that Node (no EBADENGINE)', () => {
    const unsupported = Object.entries(lock.packages)
      .filter(([path, pkg]) => path !== '' && !Array.isArray(pkg.engines) && pkg.engines?.node)
      .filter(([, pkg]) => !semver.satisfies(node, (pkg.engines as { node: string }).node))
      .map(([path, pkg]) => `${path}@${pkg.version ?? '?'} wants node ${(pkg.engines as { node: string }).node}`);
    expect(unsupported).toEqual([]);
  });

  it('every package with an install script is reviewed in allowScripts', () => {
    const reviewed = manifest.allowScripts ?? {};
    const unreviewed = Object.entries(lock.packages)
      .filter(([path, pkg]) => path.includes('node_modules/') && pkg.hasInstallScript)
      .map(([path]) => packageName(path))
      .filter((name) => !(name in reviewed));
    expect([...new Set(unreviewed)]).toEqual([]);
  });

  it('allowScripts names only packages that are installed and have a script', () => {
    const withScripts = new Set(
      Object.entries(lock.packages)
        .filter(([, pkg]) => pkg.hasInstallScript)
        .map(([path]) => packageName(path)),
    );
    const stale = Object.keys(manifest.allowScripts ?? {}).filter((name) => !withScripts.has(name));
    expect(stale).toEqual([]);
  });
});
