import { useEffect, useRef, type ReactNode } from 'react';
import { Empty, PullToRefresh } from 'antd-mobile';
import { asNumber } from '../../engine/bindings';
import { LoadingDots } from '../../engine/loading-dots';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { Nodes, ScopeProvider, useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'keep'>;

/** The records of a paged data source (src/engine/data-sources.ts): it loads, this shows and asks for more. */
export default function PagedList({ node, props }: WidgetProps<Props>) {
  const { text, holds, list: listOf, more, refresh } = useScreen();
  const source = asText(props.source);
  const list = listOf(source);
  // a source that is not loading now (its `when` does not hold) shows as loading, and asks for nothing
  const hasMore = !!list && list.hasMore && !list.failed;
  // the records shown, each with its index among the records loaded
  const shown = (list?.items ?? []).map((item, index) => ({ item, index })).filter(({ item, index }) => props.keep === undefined || holds(props.keep, { item, index }));

  const footer = () => {
    if (list?.failed) {
      return (
        <button type="button" className="w-paged-retry" onClick={() => void more(source)}>
          {text('@list.failed')} {text('@list.retry')}
        </button>
      );
    }
    if (!list || list.hasMore || !list.loaded) {
      return (
        <span className="w-paged-loading">
          {text('@common.loading')}
          <LoadingDots />
        </span>
      );
    }
    if (shown.length === 0) return <Empty className="w-paged-empty" description={props.emptyText !== undefined ? asText(props.emptyText) : text('@common.empty')} />;
    return <span className="w-paged-end">{props.noMoreText !== undefined ? asText(props.noMoreText) : text('@common.noMore')}</span>;
  };

  const body = (
    <div className={`w-paged w-paged-${props.variant ?? 'cards'}`} data-testid={asText(props.testId) || undefined} aria-busy={!list?.loaded || hasMore}>
      {!!props.title && <h2 className="w-paged-title">{asText(props.title)}</h2>}
      <ul className="w-paged-items">
        {shown.map(({ item, index }) => (
          <li className="w-paged-item" key={index}>
            <ScopeProvider extra={{ item, index }}>
              <Nodes nodes={node.children} />
            </ScopeProvider>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={hasMore} loaded={list?.items.length ?? 0} threshold={asNumber(props.threshold, 120)} onMore={() => more(source)}>
        {footer()}
      </LoadMore>
    </div>
  );

  if (props.pullToRefresh === false) return body;
  return (
    <PullToRefresh
      onRefresh={() => refresh(source)}
      pullingText={text('@list.pulling')}
      canReleaseText={text('@list.release')}
      refreshingText={text('@list.refreshing')}
      completeText={text('@list.refreshed')}
    >
      {body}
    </PullToRefresh>
  );
}

/**
 * The list's end: the next page is asked for when it comes within `threshold` px of the viewport.
 * The browser says when (IntersectionObserver): nothing is measured on scroll, nothing runs while
 * the player only looks. After each page the end is observed afresh, so a page too short to fill
 * the screen brings the next, and one that pushed the end away does not.
 */
function LoadMore({ hasMore, loaded, threshold, onMore, children }: { hasMore: boolean; loaded: number; threshold: number; onMore: () => Promise<void>; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const observer = useRef<IntersectionObserver | null>(null);
  const now = useRef({ hasMore, onMore });
  now.current = { hasMore, onMore };
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries[entries.length - 1].isIntersecting && now.current.hasMore) void now.current.onMore();
      },
      { rootMargin: `0px 0px ${threshold}px 0px` },
    );
    io.observe(el);
    observer.current = io;
    return () => io.disconnect();
  }, [threshold]);
  useEffect(() => {
    const el = ref.current;
    const io = observer.current;
    if (!hasMore || !el) return;
    // an engine without IntersectionObserver (none of the floor's): page after page
    if (!io) return void now.current.onMore();
    io.unobserve(el);
    io.observe(el);
  }, [loaded, hasMore]);
  return (
    <div className="w-paged-more" ref={ref}>
      {children}
    </div>
  );
}
