/**
 * The outline of each icon name (icon-names.ts, drawn from icon-paths.gen.ts), in the icons' own
 * chunk: the names' table does not ride in the entry either.
 */
import { ICON_SOURCES } from './icon-names';
import { ICON_PATHS, VIEWBOX } from './icon-paths.gen';

export { VIEWBOX };

export function outlineOf(name: string): readonly (readonly [string, 0 | 1])[] | undefined {
  return Object.prototype.hasOwnProperty.call(ICON_SOURCES, name) ? ICON_PATHS[ICON_SOURCES[name as keyof typeof ICON_SOURCES]] : undefined;
}
