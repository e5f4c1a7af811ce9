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

type WidgetModule = { default: ComponentType<WidgetProps<never>> };

const modules = import.meta.glob<WidgetModule>('../widgets/*/index.tsx');
const loaders: Record<string, () => Promise<WidgetModule>> = Object.fromEntries(
  Object.entries(modules).map(([file, load]) => [file.replace(/^.*\/widgets\/([^/]+)\/index\.tsx$/, '$1'), load]),
);
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
  const component = mod.default as unknown as ComponentType<WidgetProps>;
  loaded.set(type, component);
  return component;
}

/**
 * Widget types and form names used anywhere in a screen (nested node lists included).
 * `widgets` are needed to paint the screen; a widget found only under a node with a `when`
 * condition (a popup, a member-only block) goes to `deferred`: the screen does not wait for it,
 * it loads when it is first rendered.
 */
export function collectRefs(
  tree: unknown,
  out = { widgets: new Set<string>(), deferred: new Set<string>(), forms: new Set<string>() },
  conditional = false,
) {
  if (Array.isArray(tree)) tree.forEach((t) => collectRefs(t, out, conditional));
  else if (tree && typeof tree === 'object') {
    const o = tree as Record<string, unknown>;
    const isNode = typeof o.type === 'string' && /^[A-Z]/.test(o.type);
    const under = conditional || (isNode && o.when !== undefined);
    if (isNode) (under ? out.deferred : out.widgets).add(o.type as string);
    const props = o.props as Record<string, unknown> | undefined;
    if (props && typeof props.form === 'string') out.forms.add(props.form);
    for (const v of Object.values(o)) if (v && typeof v === 'object') collectRefs(v, out, under);
  }
  return out;
}
