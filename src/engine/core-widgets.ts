/**
 * The three widgets nearly every screen is built from (Stack, Text, Button), in one chunk: one request for their
 * scripts and one for their styles instead of two per widget (on a phone each request costs a
 * round trip). registry.ts loads this module the first time one of them is needed.
 */
import type { WidgetModule } from './registry';

export const coreWidgets = import.meta.glob<WidgetModule>('../widgets/{Stack,Text,Button}/index.tsx', { eager: true });
