/**
 * react-router 7 ships its whole API in one module, whose top-level React calls (forwardRef,
 * createContext, memo) carry no pure annotation and whose components get debug-only `displayName`
 * assignments: both count as side effects, so Link, NavLink, Form, prefetching and the data
 * router's hooks stayed in the entry although the app uses none of them (about 4 KB gzipped of the
 * first paint). The build marks those calls pure (they are) and drops the displayName lines
 * (read by React DevTools only); what the app imports is unchanged.
 */
import type { Plugin } from 'vite';

/** a react-router module's code with its React calls marked pure and its displayName lines dropped */
export function markReactRouterPure(code: string): string {
  return code
    .replace(/^([A-Za-z_$][\w$]*)\.displayName = "[^"\n]*";$/gm, '')
    .replace(/^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2');
}

export function reactRouterPure(): Plugin {
  return {
    name: 'react-router-pure',
    apply: 'build',
    transform(code, id) {
      if (!/node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/.test(id)) return undefined;
      return { code: markReactRouterPure(code), map: null };
    },
  };
}
