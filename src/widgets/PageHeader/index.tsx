import { IconByName } from '../../engine/icons';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

export default function PageHeader({ props }: WidgetProps<Props>) {
  const { t, run } = useScreen();
  if (props.hidden) return <h1 className="sr-only">{t(props.title)}</h1>;
  return (
    <header className={`w-pageheader ${props.sticky ? 'is-sticky' : ''}`}>
      {props.back ? (
        <button type="button" className="w-pageheader-side w-pageheader-back" aria-label={props.backLabel ? t(props.backLabel) : undefined} onClick={() => void run([{ type: 'back' }])}>
          <IconByName name="left" />
        </button>
      ) : (
        <span className="w-pageheader-side" />
      )}
      <h1 className="w-pageheader-title">{t(props.title)}</h1>
      <span className="w-pageheader-side" />
    </header>
  );
}
