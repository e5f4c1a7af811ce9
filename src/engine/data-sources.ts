/**
 * A screen's data sources (config `data`): each loads when the screen opens and again whenever
 * its resolved payload changes or a `reload` action names it, polls when asked, and stops when
 * the screen is left. The first load of a binding-free source takes the preload's result.
 * Results go into the screen's store (scope.ts); a reply equal to what is shown is not stored
 * again, so a poll that changes nothing renders nothing.
 */
import { useEffect, useRef } from 'react';
import { call } from '../api/client';
import { isEndpointName } from '../api/catalogue';
import { asCondition, type ScreenConfig } from '../config/types';
import { evalCondition, resolveDeep, resolveNumber, type Scope } from './bindings';
import { takePrefetched } from './preload';
import type { ScreenLocal } from './scope';

/**
 * `scope` is what payloads and `when` read; `reloads` counts reload actions per source;
 * `acting()` is false once the screen no longer acts (a reply then changes nothing). Returns the
 * sources that load now (active, with a known endpoint).
 */
export function useDataSources(screen: string, config: ScreenConfig, scope: Scope, reloads: Record<string, number>, acting: () => boolean, store: ScreenLocal): { started: string[] } {
  const plan = Object.entries(config.data ?? {}).map(([name, src]) => {
    const active = evalCondition(asCondition(src.when), scope);
    const payload = active ? (resolveDeep(src.payload ?? {}, scope) as Record<string, unknown>) : null;
    const poll = src.poll !== undefined ? resolveNumber(src.poll, scope, 0) : 0;
    return { name, endpoint: src.endpoint, quiet: !!src.quiet, payload, poll, key: JSON.stringify([payload, poll, reloads[name] ?? 0]) };
  });
  const planKey = JSON.stringify(plan.map((p) => [p.name, p.key]));
  const planRef = useRef(plan);
  planRef.current = plan;
  // the JSON of what each source shows now
  const shown = useRef(new Map<string, string>());

  // one running load (and poll) per source: a source restarts only when its own key changes
  const running = useRef(new Map<string, { key: string; stop: () => void }>());
  useEffect(() => {
    const live = running.current;
    const wanted = new Set<string>();
    for (const p of planRef.current) {
      if (!p.payload || !isEndpointName(p.endpoint)) continue;
      wanted.add(p.name);
      if (live.get(p.name)?.key === p.key) continue;
      live.get(p.name)?.stop();
      const controller = new AbortController();
      const endpoint = p.endpoint;
      const payload = p.payload;
      const fetchOnce = async (first: boolean) => {
        if (!acting()) return;
        if (first) store.loading[p.name] = true;
        const early = first ? takePrefetched(screen, p.name, payload) : undefined;
        const r = await (early ?? call(endpoint, payload, { quiet: p.quiet || !first, signal: controller.signal }));
        if (controller.signal.aborted || !acting()) return;
        if (r.ok) {
          const json = JSON.stringify(r.data);
          if (shown.current.get(p.name) !== json) {
            shown.current.set(p.name, json);
            store.data[p.name] = r.data;
          }
        }
        if (first) store.loading[p.name] = false;
      };
      void fetchOnce(true);
      const timer = p.poll > 0 ? setInterval(() => void fetchOnce(false), p.poll) : undefined;
      live.set(p.name, {
        key: p.key,
        stop: () => {
          controller.abort();
          if (timer) clearInterval(timer);
        },
      });
    }
    for (const [name, r] of live) {
      if (!wanted.has(name)) {
        r.stop();
        live.delete(name);
      }
    }
  }, [planKey, screen, acting, store]);
  // leaving the screen stops every load and poll
  useEffect(() => {
    const live = running.current;
    return () => {
      live.forEach((r) => r.stop());
      live.clear();
    };
  }, []);

  return { started: plan.filter((p) => p.payload && isEndpointName(p.endpoint)).map((p) => p.name) };
}
