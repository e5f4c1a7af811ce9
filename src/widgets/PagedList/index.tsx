import { useRef, useState } from 'react';
import { DotLoading, Empty, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { call } from '../../api/client';
import { isEndpointName } from '../../api/catalogue';
import { getPath, resolveDeep, resolveNumber } from '../../engine/bindings';
import type { WidgetProps } from '../../engine/registry';
import { Nodes, ScopeProvider, useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

interface ListState {
  /** the resolved payload (and reload count) this list belongs to */
  key: string;
  /** bumped on every restart, so a reply for an older list is dropped */
  gen: number;
  items: unknown[];
  /** the last page loaded (0: none yet) */
  page: number;
  hasMore: boolean;
  loaded: boolean;
  failed: boolean;
}

const fresh = (key: string, gen: number): ListState => ({ key, gen, items: [], page: 0, hasMore: true, loaded: false, failed: false });

/** The records and last page of a reply: a Laravel page object, or a plain array (one page). */
function pageOf(data: unknown, path: string | undefined): { items: unknown[]; lastPage: number } {
  const p = path ? getPath(data, path) : data;
  if (Array.isArray(p)) return { items: p, lastPage: 1 };
  const o = (p ?? {}) as { data?: unknown; last_page?: unknown };
  const items = Array.isArray(o.data) ? o.data : [];
  const last = Number(o.last_page);
  return { items, lastPage: Number.isFinite(last) ? last : 0 };
}

export default function PagedList({ node, props }: WidgetProps<Props>) {
  const { scope, t, setState } = useScreen();
  const payload = resolveDeep(props.payload ?? {}, scope) as Record<string, unknown>;
  const reloads = (scope.reloads ?? {}) as Record<string, number>;
  const key = JSON.stringify([props.endpoint, payload, props.name ? (reloads[props.name] ?? 0) : 0]);

  const [list, setList] = useState<ListState>(() => fresh(key, 0));
  // a filter changed (or a reload was asked): restart at page 1, replacing the list
  if (list.key !== key) setList(fresh(key, list.gen + 1));
  const listRef = useRef(list);
  listRef.current = list.key === key ? list : fresh(key, list.gen + 1);
  const payloadRef = useRef(payload);
  payloadRef.current = payload;

  const fetchPage = async (page: number) => {
    if (!isEndpointName(props.endpoint)) return null;
    return call(props.endpoint, { ...payloadRef.current, [props.pageParam ?? 'page']: page }, { quiet: props.quiet });
  };

  const apply = (gen: number, page: number, r: Awaited<ReturnType<typeof fetchPage>>, replace: boolean) => {
    setList((l) => {
      if (l.gen !== gen) return l;
      if (!r || !r.ok) return { ...l, failed: true, loaded: true };
      const { items, lastPage } = pageOf(r.data, props.pagePath);
      return {
        ...l,
        items: replace ? items : [...l.items, ...items],
        page,
        hasMore: items.length > 0 && page < lastPage,
        loaded: true,
        failed: false,
      };
    });
    if (r?.ok && page === 1 && props.assign) setState(props.assign, r.data);
  };

  const loadMore = async () => {
    const { gen, page } = listRef.current;
    const r = await fetchPage(page + 1);
    if (listRef.current.gen !== gen) return;
    apply(gen, page + 1, r, page === 0);
  };

  const refresh = async () => {
    const gen = listRef.current.gen + 1;
    const next = { ...listRef.current, gen, hasMore: false, loaded: false, failed: false };
    listRef.current = next;
    setList(next);
    apply(gen, 1, await fetchPage(1), true);
  };

  const retry = () => setList((l) => ({ ...l, failed: false, hasMore: true }));

  const footer = () => {
    if (list.failed) {
      return (
        <button type="button" className="w-paged-retry" onClick={retry}>
          {t('@list.failed')} {t('@list.retry')}
        </button>
      );
    }
    if (list.hasMore || !list.loaded) {
      return (
        <span className="w-paged-loading">
          {t('@common.loading')}
          <DotLoading />
        </span>
      );
    }
    if (list.items.length === 0) return <Empty className="w-paged-empty" description={t(props.emptyText ?? '@common.empty')} />;
    return <span className="w-paged-end">{t(props.noMoreText ?? '@common.noMore')}</span>;
  };

  const body = (
    <div className={`w-paged w-paged-${props.variant ?? 'cards'}`} data-testid={props.testId} aria-busy={list.hasMore && !list.failed}>
      {props.title && <h2 className="w-paged-title">{t(props.title)}</h2>}
      <ul className="w-paged-items">
        {list.items.map((item, index) => (
          <li className="w-paged-item" key={index}>
            <ScopeProvider extra={{ item, index }}>
              <Nodes nodes={node.children} />
            </ScopeProvider>
          </li>
        ))}
      </ul>
      <InfiniteScroll loadMore={loadMore} hasMore={list.hasMore && !list.failed} threshold={resolveNumber(props.threshold ?? '', scope, 120)}>
        {footer()}
      </InfiniteScroll>
    </div>
  );

  if (props.pullToRefresh === false) return body;
  return (
    <PullToRefresh
      onRefresh={refresh}
      pullingText={t('@list.pulling')}
      canReleaseText={t('@list.release')}
      refreshingText={t('@list.refreshing')}
      completeText={t('@list.refreshed')}
    >
      {body}
    </PullToRefresh>
  );
}
