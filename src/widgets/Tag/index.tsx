import { IconByName } from '../../engine/icons';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

export default function Tag({ props }: WidgetProps<Props>) {
  const text = asText(props.text);
  if (!text) return null;
  return (
    <span className={`w-tag w-tag-${props.tone ?? 'primary'}`} data-testid={asText(props.testId) || undefined}>
      {props.icon ? <IconByName name={asText(props.icon)} /> : null}
      {text}
    </span>
  );
}
