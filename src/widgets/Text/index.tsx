import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

export default function Text({ props }: WidgetProps<Props>) {
  const variant = props.variant ?? 'body';
  const Tag = variant === 'title' ? 'h1' : variant === 'subtitle' ? 'h2' : 'p';
  return (
    <Tag className={`w-text w-text-${variant}`} style={props.align ? { textAlign: props.align } : undefined} data-testid={asText(props.testId) || undefined}>
      {asText(props.text)}
    </Tag>
  );
}
