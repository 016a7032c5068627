/**
 * The MCP guard's process tests run the CLI and their child servers as ESM bundles (esbuild, the bundler tsx brings),
 * each test file in a cache folder of its own under node_modules/.cache, where `pg` and the SDK still resolve.
 */
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The repository's root, where node_modules is; the entries are paths from the package's folder. */
export const projectRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Each entry (a path from the package's folder) bundled into `cache` under its name + `.mjs`; the files by name. */
export async function bundleAll<K extends string>(
  cache: string,
  entries: Record<K, string>,
): Promise<Record<K, string>> {
  mkdirSync(cache, { recursive: true });
  const names = Object.keys(entries) as K[];
  const files = await Promise.all(
    names.map(async (name) => {
      const file = join(cache, `${name}.mjs`);
      await promisify(execFile)(
        join(projectRoot, 'node_modules', '.bin', 'esbuild'),
        [
          join(packageRoot, entries[name]),
          '--bundle',
          '--platform=node',
          '--format=esm',
          '--packages=external',
          `--outfile=${file}`,
        ],
        { cwd: projectRoot },
      );
      return file;
    }),
  );
  return Object.fromEntries(names.map((n, i) => [n, files[i]])) as Record<K, string>;
}
