import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

export default function Text({ props }: WidgetProps<Props>) {
  const { t } = useScreen();
  const variant = props.variant ?? 'body';
  const Tag = variant === 'title' ? 'h1' : variant === 'subtitle' ? 'h2' : 'p';
  return (
    <Tag className={`w-text w-text-${variant}`} style={props.align ? { textAlign: props.align } : undefined} data-testid={props.testId}>
      {t(props.text)}
    </Tag>
  );
}
