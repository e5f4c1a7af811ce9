import { useMemo } from 'react';
import { dataSourcesRead } from '../../engine/bindings';
import { LoadingDots } from '../../engine/loading-dots';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { LoadRetry, Nodes, ScopeProvider, useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

export default function Repeat({ node, props }: WidgetProps<Props>) {
  const { pending, failed, text } = useScreen();
  const raw = props.items;
  const list = useMemo(() => (Array.isArray(raw) ? raw.slice(0, props.limit ?? raw.length) : []), [raw, props.limit]);
  // no list yet while a data source it reads is still loading: not empty, loading
  const sources = dataSourcesRead(node.props?.items);
  // its source's load failed: a retry (here for a quiet source, else the screen's), never loading for ever nor empty
  if (!Array.isArray(raw) && sources.some((s) => failed(s))) {
    const here = sources.filter((s) => failed(s, 'here'));
    return here.length > 0 ? <LoadRetry sources={here} /> : null;
  }
  const loading = !Array.isArray(raw) && sources.some(pending);
  if (loading) {
    return (
      <p className="w-repeat-loading" aria-busy="true">
        {text('@common.loading')}
        <LoadingDots />
      </p>
    );
  }
  const empty = asText(props.emptyText);
  if (list.length === 0) return empty ? <p className="w-repeat-empty">{empty}</p> : null;
  const name = asText(props.as ?? 'item');
  return (
    <div className={`w-repeat w-repeat-${props.layout ?? 'column'}`}>
      {list.map((item, index) => (
        <ScopeProvider key={index} extra={{ [name]: item, index }}>
          <Nodes nodes={node.children} />
        </ScopeProvider>
      ))}
    </div>
  );
}
