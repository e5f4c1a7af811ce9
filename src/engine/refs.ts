/** What a screen's widget tree refers to (pure: used by the engine and by the build's screen index). */

/** Widget props that name another config file, by widget type: the screen loads it with its widgets. */
const FILE_REFS: Record<string, { prop: string; kind: 'forms' }> = { Form: { prop: 'form', kind: 'forms' } };

/**
 * Widget types drawn above the page, out of its flow (a popup, a floating button, a side drawer):
 * one that appears late covers the page without moving anything on it.
 */
const DRAWN_ABOVE = new Set(['Modal', 'FloatingIcon', 'Drawer']);

/**
 * Widget types and form names used anywhere in a screen (nested node lists included).
 * `widgets` are needed to paint the screen; a widget drawn above the page under a `when` (the
 * start-up popup, the red-packet icon), and whatever it draws inside it, goes to `deferred`: the
 * screen does not wait for it, it loads when it is first rendered. A widget in the page's flow
 * under a `when` (a VIP badge, a member-only block) is needed to paint: appearing a moment after
 * the screen, it would push what follows it (a layout shift the player sees).
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
    const under = conditional || (isNode && o.when !== undefined && DRAWN_ABOVE.has(o.type as string));
    if (isNode) (under ? out.deferred : out.widgets).add(o.type as string);
    const props = o.props as Record<string, unknown> | undefined;
    const ref = isNode ? FILE_REFS[o.type as string] : undefined;
    if (ref && props && typeof props[ref.prop] === 'string') out[ref.kind].add(props[ref.prop] as string);
    for (const v of Object.values(o)) if (v && typeof v === 'object') collectRefs(v, out, under);
  }
  return out;
}

/** A data source's `paged` option (screen.schema.json). */
export type PagedOption = true | { param?: string; path?: string };

/** The name of the page field of a paged source. */
export const pageParamOf = (paged: PagedOption): string => (typeof paged === 'object' && paged.param) || 'page';

/** One of a screen's data sources, as far as the preload and the build's screen index read it. */
interface SourceLike {
  endpoint?: unknown;
  payload?: unknown;
  when?: unknown;
  quiet?: boolean;
  paged?: PagedOption;
}

/**
 * A screen's data sources that can be loaded before the screen renders: no `when`, and a payload
 * without bindings (a paged source's with its page 1). As [source, endpoint, payload, quiet] (the
 * screen index's shape).
 */
export function bindingFreeSources(data: Record<string, SourceLike> | undefined): [string, string, Record<string, unknown>, boolean][] {
  return Object.entries(data ?? {})
    .filter(([, s]) => s && typeof s.endpoint === 'string' && s.when === undefined && !JSON.stringify(s.payload ?? {}).includes('{{'))
    .map(([name, s]) => {
      const payload = (s.payload ?? {}) as Record<string, unknown>;
      // a paged source's first load is page 1
      return [name, s.endpoint as string, s.paged ? { ...payload, [pageParamOf(s.paged)]: 1 } : payload, !!s.quiet];
    });
}

/**
 * Widgets that draw a screen's key picture (the first slide of a carousel, fetched at high
 * priority): the prop that lists the items and the one that names each item's picture.
 */
const KEY_PICTURE_WIDGETS: Record<string, { items: string; image: string }> = { Carousel: { items: 'items', image: 'image' } };

/**
 * The picture a screen shows first and largest, when its address is a field of the first item of a
 * binding-free data source: [source, the item fields that may hold it, first non-empty wins]. The
 * first key-picture widget of the body (outside any `when`) whose items are `{{data.<source>}}` and
 * whose picture is `{{item.<field>}}` (or a list of those). src/boot.ts starts loading it as soon
 * as that source's early reply has arrived, before the app has run.
 */
export function keyPicture(body: unknown, sources: readonly string[]): [string, string[]] | undefined {
  const nodes: unknown[] = Array.isArray(body) ? [...body] : [body];
  while (nodes.length) {
    const n = nodes.shift();
    if (Array.isArray(n)) {
      nodes.unshift(...n);
      continue;
    }
    if (!n || typeof n !== 'object') continue;
    const o = n as Record<string, unknown>;
    if (o.when !== undefined) continue;
    const spec = typeof o.type === 'string' ? KEY_PICTURE_WIDGETS[o.type] : undefined;
    const props = (o.props ?? {}) as Record<string, unknown>;
    if (spec) {
      const source = /^\{\{\s*data\.(\w+)\s*\}\}$/.exec(String(props[spec.items] ?? ''))?.[1];
      const images = Array.isArray(props[spec.image]) ? (props[spec.image] as unknown[]) : [props[spec.image]];
      const fields = images.map((v) => /^\{\{\s*item\.(\w+)\s*\}\}$/.exec(String(v ?? ''))?.[1]);
      if (source && sources.includes(source) && fields.length && fields.every((f): f is string => !!f)) return [source, fields];
      return undefined; // the first key picture is not one an early read can find
    }
    nodes.unshift(...Object.values(o).filter((v) => v && typeof v === 'object' && v !== o.props), ...Object.values(props).filter((v) => v && typeof v === 'object'));
  }
  return undefined;
}

/**
 * Whether a screen's config reads the session's game lists (a binding or a condition path rooted
 * at `games`): the app reads them only for such a screen (src/store/session.ts ensureGames), and
 * the build starts that read early on its route.
 */
export function readsGames(screen: unknown): boolean {
  let found = false;
  const walk = (v: unknown, key: string): void => {
    if (found) return;
    if (typeof v === 'string') {
      if (key === 'path' ? /^\s*games\b/.test(v) : /\{\{\s*games\b/.test(v)) found = true;
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(screen, '');
  return found;
}

/**
 * The session reads a screen's onEnter makes before anything else can change them: its leading
 * actions without a `when` that are reads (`actionReads`: refreshUser's user and money), as
 * [endpoint, payload]. The build starts them early on the screen's route (src/boot.ts).
 */
export function enterReads(onEnter: unknown, actionReads: Readonly<Record<string, readonly (readonly [string, Record<string, unknown>])[]>>): [string, Record<string, unknown>][] {
  const out: [string, Record<string, unknown>][] = [];
  for (const a of Array.isArray(onEnter) ? onEnter : []) {
    const t = a && typeof a === 'object' ? (a as { type?: unknown; when?: unknown }) : {};
    const reads = typeof t.type === 'string' && t.when === undefined ? actionReads[t.type] : undefined;
    if (!reads) break;
    for (const [endpoint, payload] of reads) out.push([endpoint, payload]);
  }
  return out;
}
