/**
 * Counting React's work in a page, production build or test build alike: an init script installs a
 * minimal React DevTools hook, which React calls after every commit (its production build too).
 * Counted per commit: function, class, forwardRef and memo components that did work (the
 * PerformedWork flag), each once; a subtree React bailed out of keeps its old child fibers and is
 * not walked. Used by the bench (bench/idle.ts, bench/interactions.ts) and the browser tests that
 * check what a tap re-renders.
 *
 * Source text, not a function: tsx (the bench) would wrap a function's inner functions in a helper
 * the page does not have.
 */
import type { BrowserContext, Page } from 'playwright-core';

export const RENDER_COUNTER = `(() => {
  const w = window;
  w.__commits = 0;
  w.__rendered = 0;
  w.__renderedNames = {};
  const COMPONENT = new Set([0, 1, 11, 14, 15]);
  const nameOf = (f) => {
    const t = f.type && (f.type.type || f.type.render || f.type);
    return (t && (t.displayName || t.name)) || 'anonymous';
  };
  const walk = (f) => {
    for (let c = f; c; c = c.sibling) {
      if (COMPONENT.has(c.tag) && (c.flags & 1) === 1) {
        w.__rendered++;
        const n = nameOf(c);
        w.__renderedNames[n] = (w.__renderedNames[n] || 0) + 1;
      }
      if (c.child && !(c.alternate && c.alternate.child === c.child)) walk(c.child);
    }
  };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id, root) => {
      w.__commits++;
      walk(root.current.child);
    },
  };
})();`;

/** Install the counter in every page of the context (before the app's code runs). */
export async function countRenders(context: BrowserContext): Promise<void> {
  await context.addInitScript(RENDER_COUNTER);
}

export interface Renders {
  commits: number;
  components: number;
  /** components rendered by name (a production build's names are minified) */
  byName: Record<string, number>;
}

/** The commits and components rendered so far in the page. */
export async function renders(page: Page): Promise<Renders> {
  return page.evaluate(() => {
    const w = window as unknown as { __commits: number; __rendered: number; __renderedNames: Record<string, number> };
    return { commits: w.__commits, components: w.__rendered, byName: { ...w.__renderedNames } };
  });
}

/** What rendered between two counts. */
export function rendersSince(before: Renders, after: Renders): Renders {
  const byName: Record<string, number> = {};
  for (const [k, v] of Object.entries(after.byName)) if (v - (before.byName[k] ?? 0) > 0) byName[k] = v - (before.byName[k] ?? 0);
  return { commits: after.commits - before.commits, components: after.components - before.components, byName };
}
