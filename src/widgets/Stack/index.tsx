import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { Nodes } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

export default function Stack({ node, props }: WidgetProps<Props>) {
  const title = asText(props.title);
  const Tag = title ? 'section' : 'div';
  return (
    <Tag
      className={`w-stack w-stack-${props.direction ?? 'column'} w-stack-${props.variant ?? 'plain'}`}
      style={props.gap !== undefined ? { gap: props.gap } : undefined}
    >
      {title && <h2 className="w-stack-title">{title}</h2>}
      <Nodes nodes={node.children} />
    </Tag>
  );
}
