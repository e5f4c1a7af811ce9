/**
 * index.html from screens.config/: the brand's site name as the first title and its brand colour as
 * the browser's theme colour (app.json brand and theme, src/config/brand.ts), the app's global
 * stylesheet (src/styles.css) and the brand colours (themeCss) inline,
 * and the static app shell (scripts/app-shell.ts), painted before any JavaScript. The policy allows
 * inline styles, no inline script: the shell picks its frame for the route with CSS alone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { brandOf, themeCss } from '../../src/config/brand.ts';
import { appShell } from '../app-shell.ts';
import { readApp, type AppJson } from './app-json.ts';
import type { BuildPaths } from './paths.ts';

/** index.html with the brand, the stylesheet and the shell filled in */
export function fillIndexHtml(html: string, app: AppJson, styles: string, shell: { css: string; markup: string }): string {
  const primary = app.theme.primary.replace(/[^#0-9a-fA-F]/g, '');
  const css = `${styles}\n${themeCss(app.theme)}${shell.css}`;
  return html
    .replace('%APP_TITLE%', brandOf(app).siteName.replace(/[<>&"]/g, ''))
    .replace('%APP_THEME%', primary)
    .replace('</head>', `<style>${css}</style>\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${shell.markup}</div>`);
}

export function appShellHtml({ root, configDir }: BuildPaths): Plugin {
  const styles = path.join(root, 'src', 'styles.css');
  const sources = [styles, configDir];
  return {
    name: 'app-shell-html',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const app = readApp(configDir);
        return fillIndexHtml(html, app, readFileSync(styles, 'utf8'), appShell(configDir, app));
      },
    },
    configureServer(server) {
      // the stylesheet is no module: watched here, so that its change comes to hotUpdate
      server.watcher.add(styles);
    },
    // index.html is made from these: a change reloads the page, and only that. A hot update beside the
    // reload would start importing the changed modules (`?t=…`) just as the reload tears the page
    // down, and each such import fails loudly ("Failed to fetch dynamically imported module"): seen
    // in the studio's preview, which rewrites the config as the operator types.
    hotUpdate({ type, file, server }) {
      if (this.environment.name !== 'client' || type !== 'update') return undefined;
      if (!sources.some((s) => file === s || file.startsWith(`${s}${path.sep}`)) || file.includes(`${path.sep}schema${path.sep}`)) return undefined;
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
