import { IconByName } from '../../engine/icons';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

export default function PageHeader({ props }: WidgetProps<Props>) {
  const { run } = useScreen();
  const title = asText(props.title);
  if (props.hidden) return <h1 className="sr-only">{title}</h1>;
  return (
    <header className={`w-pageheader ${props.sticky ? 'is-sticky' : ''}`}>
      {props.back ? (
        <button type="button" className="w-pageheader-side w-pageheader-back" aria-label={asText(props.backLabel) || undefined} onClick={() => void run([{ type: 'back' }])}>
          <IconByName name="left" />
        </button>
      ) : (
        <span className="w-pageheader-side" />
      )}
      <h1 className="w-pageheader-title">{title}</h1>
      <span className="w-pageheader-side" />
    </header>
  );
}
