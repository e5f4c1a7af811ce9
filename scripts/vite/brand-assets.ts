/**
 * screens.config/assets/ as the build serves it (the public folder): SVGs with {{theme.primary}},
 * {{brand.siteName}} or {{brand.shortName}} filled in from app.json (the app icon takes the brand
 * colour), other files as they are. Written to node_modules/.cache/screens-assets/<config>/ when
 * the config is loaded and again when an asset or app.json changes in the dev server (the icons
 * vite-plugin-pwa makes from it in the dev server follow at its next start). Beside each folder
 * `<config>.source` names the config folder it was made from; folders of config folders that no
 * longer exist (the tests' temporary copies) are removed.
 *
 * Every SVG of it must be one the build can draw (sharp, the renderer of the app's icons): a broken
 * one is named at the build's start with the file it came from (the brand's or the product's) and
 * where it breaks. Before, a broken app icon failed only in the icons, after the bundle was written,
 * with sharp's words and no file; and sharp drawing the icons' sizes at once from a broken picture
 * sometimes corrupted its own memory and killed the build with no message at all.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin, ViteDevServer } from 'vite';
import { fillTemplate } from '../../src/config/brand.ts';
import { configSource, shownPath } from '../../src/config/source/index.ts';
import { readApp } from './app-json.ts';
import { inConfig, type BuildPaths } from './paths.ts';
import { refused } from './refuse.ts';

/** the public folder made from a config folder: one per config folder, under node_modules/.cache/screens-assets/ */
export function publicDirOf({ root, configDir }: BuildPaths): string {
  return path.join(root, 'node_modules', '.cache', 'screens-assets', createHash('sha1').update(configDir).digest('hex').slice(0, 10));
}

/** writes the public folder; returns the problems (unknown names in an SVG) */
function writePublicAssets(paths: BuildPaths): string[] {
  const { configDir } = paths;
  const publicDir = publicDirOf(paths);
  const assetsCache = path.dirname(publicDir);
  const app = readApp(configDir);
  const unknown: string[] = [];
  // the config folder's assets as its source reads them: a link leading out of the config folders, or a
  // folder among them, is left out (check:config names it and fails the build)
  const assets = configSource({ root: paths.root, productDir: configDir }).assets();
  rmSync(publicDir, { recursive: true, force: true });
  mkdirSync(publicDir, { recursive: true });
  writeFileSync(`${publicDir}.source`, configDir);
  for (const marker of readdirSync(assetsCache).filter((n) => n.endsWith('.source'))) {
    const from = readFileSync(path.join(assetsCache, marker), 'utf8');
    if (existsSync(from)) continue;
    rmSync(path.join(assetsCache, marker.slice(0, -'.source'.length)), { recursive: true, force: true });
    rmSync(path.join(assetsCache, marker), { force: true });
  }
  for (const [name, from] of Object.entries(assets)) {
    if (name.endsWith('.svg')) {
      const names: string[] = [];
      writeFileSync(path.join(publicDir, name), fillTemplate(readFileSync(from, 'utf8'), app, names));
      unknown.push(...names.map((n) => `${assetSource(paths, name)}: unknown name {{${n}}} (expected theme.primary, brand.siteName or brand.shortName)`));
    } else copyFileSync(from, path.join(publicDir, name));
  }
  return unknown;
}

/** the file an asset of the config folder came from: for a brand, its overlay's or else the product's */
function assetSource({ root, configDir, layers }: BuildPaths, name: string): string {
  const from = [...(layers ?? [configDir])].reverse().map((dir) => path.join(dir, 'assets', name)).find((f) => existsSync(f));
  return shownPath(root, from ?? path.join(configDir, 'assets', name));
}

/** the public folder's SVGs that cannot be drawn, each named with its source file and where it breaks */
async function undrawable(paths: BuildPaths): Promise<string[]> {
  const publicDir = publicDirOf(paths);
  const out: string[] = [];
  for (const name of readdirSync(publicDir).filter((n) => n.endsWith('.svg')).sort()) {
    try {
      await sharp(readFileSync(path.join(publicDir, name))).metadata();
    } catch (err) {
      const msg = (err as Error).message;
      const at = /on line (\d+) column (\d+) of data: (.*?)(?: line \d+)?\s*$/.exec(msg);
      out.push(`${assetSource(paths, name)}: not a picture the build can draw (${at ? `line ${at[1]}, column ${at[2]}: ${at[3]}` : msg}); expected a whole SVG document`);
    }
  }
  return out;
}

/** The public folder is written when the config is loaded (this call), again on a change in the dev server. */
export function brandAssets(paths: BuildPaths): Plugin {
  const { configDir } = paths;
  const problems = writePublicAssets(paths);
  let server: ViteDevServer | undefined;
  /** a build's pictures all drawn as its config was resolved: nothing to check again */
  let drawn = false;
  return {
    name: 'brand-assets',
    // a build refuses a picture it cannot draw as it begins, the file and the place first (./refuse.ts)
    async config(_config, env) {
      if (env.command !== 'build') return;
      const all = [...problems, ...(await undrawable(paths))];
      if (!all.length) drawn = true;
      else refused(all.join('\n'), `${all.length} picture(s) the build cannot draw: the build stopped before writing anything`);
    },
    async buildStart() {
      if (drawn) return;
      const all = [...problems, ...(await undrawable(paths))];
      if (!all.length) return;
      // a dev server (npm start, the studio's preview) keeps running and says so: the file is checked again when it changes
      if (server) for (const p of all) server.config.logger.error(p);
      else this.error(all.join('\n'));
    },
    configureServer(s) {
      server = s;
      s.watcher.on('all', (_event, file) => {
        if (!inConfig(paths, file) || !(file.startsWith(path.join(configDir, 'assets')) || path.resolve(file) === path.join(configDir, 'app.json'))) return;
        for (const p of writePublicAssets(paths)) s.config.logger.error(p);
        void undrawable(paths).then((list) => list.forEach((p) => s.config.logger.error(p)));
      });
    },
  };
}
