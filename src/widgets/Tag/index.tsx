import { IconByName } from '../../engine/icons';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

export default function Tag({ props }: WidgetProps<Props>) {
  const { t } = useScreen();
  const text = t(props.text);
  if (!text) return null;
  return (
    <span className={`w-tag w-tag-${props.tone ?? 'primary'}`} data-testid={props.testId}>
      {props.icon && <IconByName name={props.icon} />}
      {text}
    </span>
  );
}
