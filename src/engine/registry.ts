/**
 * The widget registry: every folder src/widgets/<Type>/ with an index.tsx is a widget, found
 * at build time (import.meta.glob), loaded when a screen that uses it opens. Its props schema
 * (schema.ts beside it) is what check:config validates config against.
 */
import type { ComponentType } from 'react';
import type { WidgetNode } from '../config/types';

export interface WidgetProps<P = Record<string, unknown>> {
  node: WidgetNode;
  props: P;
}

/**
 * A value of a props schema's type once the engine resolved it (src/engine/props.ts): a string
 * may have been one whole binding, so it can be any value (a list, a number); lists and objects
 * are resolved inside; other values (numbers, booleans, the words of an enum) stay as they are.
 */
export type Resolved<T> = T extends string ? (string extends T ? unknown : T) : T extends readonly (infer U)[] ? Resolved<U>[] : T extends object ? { [K in keyof T]: Resolved<T[K]> } : T;

/**
 * A widget's props as it receives them: resolved, except the templates named in `Raw` (its
 * schema.ts `templates`), which stay as config wrote them for the widget to read per entry.
 */
export type ResolvedProps<P, Raw extends PropertyKey = never> = { [K in keyof P]: K extends Raw ? P[K] : Resolved<P[K]> };

export type WidgetModule = { default: ComponentType<WidgetProps<never>> };

const typeOf = (file: string) => file.replace(/^.*\/widgets\/([^/]+)\/index\.tsx$/, '$1');
// each widget is loaded when first needed; the core ones (core-widgets.ts) share one chunk
const modules = import.meta.glob<WidgetModule>('../widgets/*/index.tsx');
const loaders: Record<string, () => Promise<WidgetModule | undefined>> = Object.fromEntries(Object.entries(modules).map(([file, load]) => [typeOf(file), load]));
const loaded = new Map<string, ComponentType<WidgetProps>>();

export function isWidget(type: string): boolean {
  return type in loaders;
}

export function widgetComponent(type: string): ComponentType<WidgetProps> | undefined {
  return loaded.get(type);
}

export async function loadWidget(type: string): Promise<ComponentType<WidgetProps> | undefined> {
  const hit = loaded.get(type);
  if (hit) return hit;
  const load = loaders[type];
  if (!load) return undefined;
  const mod = await load();
  if (!mod) return undefined;
  const component = mod.default as unknown as ComponentType<WidgetProps>;
  loaded.set(type, component);
  return component;
}

export { collectRefs } from './refs';
