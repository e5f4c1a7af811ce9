import { useMemo } from 'react';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { Nodes, ScopeProvider } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

export default function Repeat({ node, props }: WidgetProps<Props>) {
  const raw = props.items;
  const list = useMemo(() => (Array.isArray(raw) ? raw.slice(0, props.limit ?? raw.length) : []), [raw, props.limit]);
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
