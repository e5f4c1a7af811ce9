/**
 * A brand's build (`BRAND=<id>`): its overlay (brands/<id>/) merged over the product's folder
 * (src/config/overlay/layers.ts) and written as one plain config folder under
 * node_modules/.cache/brands/<id>-<hash>/, which every plugin of the build reads as its config folder
 * (`paths.configDir`) exactly as it reads screens.config/. The config CHECK reads the layers
 * themselves (scripts/check-config.ts --brand), so its messages name brands/<id>/… or
 * screens.config/…, never this folder. In the dev server the folder is written again when a file
 * of either layer changes, and each file that changed in it is announced to the plugins and to
 * Vite as changed (node_modules is not watched), so the page reloads with the brand's new config.
 *
 * Why a written folder and not a virtual module: the build reads the config in a dozen places
 * (the app's imports and globs, the screen index, the chunk groups, the app shell, the icons and
 * the public folder), all of them a folder; one merge written once keeps each of them unchanged.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { brandsDirOf, configSource } from '../../src/config/source/index.ts';
import { inLayers, type BuildPaths } from './paths.ts';

/**
 * Where a brand's merged config is written: one folder per brand and pair of layer folders (a test's
 * copies never share one with the repository's brand). Beside it `<folder>.source` names the layers;
 * folders whose layers no longer exist (the tests' temporary copies) are removed.
 */
export const brandConfigDir = (root: string, id: string, productDir: string): string =>
  path.join(root, 'node_modules', '.cache', 'brands', `${id}-${createHash('sha1').update(`${productDir}\0${path.join(brandsDirOf(root), id)}`).digest('hex').slice(0, 10)}`);

function removeStale(cache: string): void {
  if (!existsSync(cache)) return;
  for (const marker of readdirSync(cache).filter((n) => n.endsWith('.source'))) {
    const layers = readFileSync(path.join(cache, marker), 'utf8').split('\n');
    if (layers.every((l) => existsSync(l))) continue;
    rmSync(path.join(cache, marker.slice(0, -'.source'.length)), { recursive: true, force: true });
    rmSync(path.join(cache, marker), { force: true });
  }
}

/** the brand's folder (brands/<id>/), or an error naming the brands there are */
export function brandDir(root: string, id: string): string {
  try {
    return configSource({ root }).requireBrand(id).dir;
  } catch (err) {
    throw new Error(`BRAND=${id}: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * Writes the brand's merged config folder (src/config/source: only files whose content changed are
 * written, files no longer there removed). Returns the folder and the absolute paths that changed.
 */
export function writeBrandConfig(root: string, id: string, productDir: string): { dir: string; changed: string[] } {
  const source = configSource({ root, productDir });
  const layer = source.requireBrand(id).dir;
  const dir = brandConfigDir(root, id, productDir);
  removeStale(path.dirname(dir));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}.source`, `${productDir}\n${layer}`);
  return { dir, changed: source.writeMerged(dir, id) };
}

/** In the dev server: a change in either layer writes the merged folder again and announces what changed in it. */
export function brandLayers(paths: BuildPaths): Plugin {
  const { root, brand, layers = [] } = paths;
  return {
    name: 'brand-layers',
    apply: 'serve',
    configureServer(server) {
      if (!brand) return;
      server.watcher.on('all', (event, file) => {
        if (!inLayers(paths, file)) return;
        let changed: string[];
        try {
          changed = writeBrandConfig(root, brand, layers[0]).changed;
        } catch (err) {
          server.config.logger.error(`brand ${brand}: ${(err as Error).message}`);
          return;
        }
        for (const f of changed) server.watcher.emit(existsSync(f) ? (event === 'add' ? 'add' : 'change') : 'unlink', f);
      });
    },
  };
}
