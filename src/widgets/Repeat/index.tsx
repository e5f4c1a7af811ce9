import { useMemo } from 'react';
import type { WidgetProps } from '../../engine/registry';
import { Nodes, ScopeProvider, useScreen } from '../../engine/screen';
import { resolve } from '../../engine/bindings';
import type { Props } from './schema';
import './style.css';

export default function Repeat({ node, props }: WidgetProps<Props>) {
  const { scope, t } = useScreen();
  const raw = resolve(props.items, scope);
  const list = useMemo(() => (Array.isArray(raw) ? raw.slice(0, props.limit ?? raw.length) : []), [raw, props.limit]);
  if (list.length === 0) return props.empty ? <p className="w-repeat-empty">{t(props.empty)}</p> : null;
  const name = props.as ?? 'item';
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
