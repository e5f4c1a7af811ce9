import type { WidgetProps } from '../../engine/registry';
import { Nodes, useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

export default function Stack({ node, props }: WidgetProps<Props>) {
  const { t } = useScreen();
  const Tag = props.title ? 'section' : 'div';
  return (
    <Tag
      className={`w-stack w-stack-${props.direction ?? 'column'} w-stack-${props.variant ?? 'plain'}`}
      style={props.gap !== undefined ? { gap: props.gap } : undefined}
    >
      {props.title && <h2 className="w-stack-title">{t(props.title)}</h2>}
      <Nodes nodes={node.children} />
    </Tag>
  );
}
