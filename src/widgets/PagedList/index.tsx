import { DotLoading, Empty, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { asNumber } from '../../engine/bindings';
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
          <DotLoading />
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
      <InfiniteScroll loadMore={() => more(source)} hasMore={hasMore} threshold={asNumber(props.threshold, 120)}>
        {footer()}
      </InfiniteScroll>
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
