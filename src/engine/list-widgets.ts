/**
 * The list widgets (Cell rows and Menu lists, with antd-mobile's List and its arrow), in one
 * chunk like core-widgets.ts: most screens with one have the other, and a screen without a list
 * (the login form) does not pay for them.
 */
import type { WidgetModule } from './registry';

export const listWidgets = import.meta.glob<WidgetModule>('../widgets/{Cell,Menu}/index.tsx', { eager: true });
