import { DotLoading, Empty, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { resolveNumber } from '../../engine/bindings';
import type { WidgetProps } from '../../engine/registry';
import { Nodes, ScopeProvider, useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

/** The records of a paged data source (src/engine/data-sources.ts): it loads, this shows and asks for more. */
export default function PagedList({ node, props }: WidgetProps<Props>) {
  const { scope, t, list: listOf, more, refresh } = useScreen();
  const list = listOf(props.source);
  // a source that is not loading now (its `when` does not hold) shows as loading, and asks for nothing
  const hasMore = !!list && list.hasMore && !list.failed;

  const footer = () => {
    if (list?.failed) {
      return (
        <button type="button" className="w-paged-retry" onClick={() => void more(props.source)}>
          {t('@list.failed')} {t('@list.retry')}
        </button>
      );
    }
    if (!list || list.hasMore || !list.loaded) {
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
    <div className={`w-paged w-paged-${props.variant ?? 'cards'}`} data-testid={props.testId} aria-busy={!list?.loaded || hasMore}>
      {props.title && <h2 className="w-paged-title">{t(props.title)}</h2>}
      <ul className="w-paged-items">
        {list?.items.map((item, index) => (
          <li className="w-paged-item" key={index}>
            <ScopeProvider extra={{ item, index }}>
              <Nodes nodes={node.children} />
            </ScopeProvider>
          </li>
        ))}
      </ul>
      <InfiniteScroll loadMore={() => more(props.source)} hasMore={hasMore} threshold={resolveNumber(props.threshold ?? '', scope, 120)}>
        {footer()}
      </InfiniteScroll>
    </div>
  );

  if (props.pullToRefresh === false) return body;
  return (
    <PullToRefresh
      onRefresh={() => refresh(props.source)}
      pullingText={t('@list.pulling')}
      canReleaseText={t('@list.release')}
      refreshingText={t('@list.refreshing')}
      completeText={t('@list.refreshed')}
    >
      {body}
    </PullToRefresh>
  );
}
