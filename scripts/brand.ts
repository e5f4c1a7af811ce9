/**
 * The brand as the build sees it: the one place that reads the site's name, icon and colours
 * from screens.config/app.json for index.html (title, theme colour, the static app shell) and
 * the web app manifest. Everything the build puts on screen asks `brand()`, never app.json
 * directly, so moving these fields (a `brand` block) changes this file only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface Brand {
  /** the site's name: the first title, the top bar's name until the backend sends its own, the manifest's name */
  siteName: string;
  /** the installed app's name under its icon */
  shortName: string;
  /** the brand colour (theme.primary): buttons, links, the active tab, the browser's theme colour */
  primary: string;
  /** the source icon (a path under screens.config/), from which the build makes every icon size */
  icon: string;
  /** the installed app's splash background */
  background: string;
}

interface AppJsonBrand {
  siteName: string;
  theme: { primary: string };
  webApp: { shortName: string; icon: string; backgroundColor: string };
}

export function brandOf(app: AppJsonBrand): Brand {
  return {
    siteName: app.siteName,
    shortName: app.webApp.shortName,
    primary: app.theme.primary,
    icon: app.webApp.icon,
    background: app.webApp.backgroundColor,
  };
}

/** the brand of screens.config/app.json under `root` (read each time: the dev server follows edits) */
export function brand(root: string): Brand {
  return brandOf(JSON.parse(readFileSync(path.join(root, 'screens.config', 'app.json'), 'utf8')) as AppJsonBrand);
}
