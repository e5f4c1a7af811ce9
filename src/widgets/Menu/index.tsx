import { List } from 'antd-mobile';
import { IconByName } from '../../engine/icons';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

type Item = Props['items'][number];

export default function Menu({ props }: WidgetProps<Props>) {
  const { run } = useScreen();
  const items = props.items;
  const title = asText(props.title);
  // an entry's `to` is a template (schema.ts): the navigate action resolves it
  const tap = (item: Item) => run(item.onTap ?? (item.to ? [{ type: 'navigate', to: item.to }] : []));

  if (props.variant === 'grid') {
    return (
      <nav className="w-menu-grid" style={{ gridTemplateColumns: `repeat(${props.perRow ?? 4}, 1fr)` }} aria-label={title || undefined}>
        {items.map((item, i) => (
          <button key={i} type="button" className="w-menu-grid-item" onClick={() => void tap(item)} data-testid={asText(item.testId) || undefined}>
            <span className="w-menu-grid-icon">
              <IconByName name={asText(item.icon)} />
            </span>
            <span className="w-menu-grid-title">{asText(item.title)}</span>
          </button>
        ))}
      </nav>
    );
  }
  return (
    <List header={title || undefined} className="w-menu">
      {items.map((item, i) => (
        <List.Item
          key={i}
          prefix={item.icon ? <IconByName name={asText(item.icon)} className="w-menu-icon" /> : undefined}
          extra={asText(item.extra) || undefined}
          description={asText(item.description) || undefined}
          onClick={() => void tap(item)}
          arrowIcon
          data-testid={asText(item.testId) || undefined}
        >
          {asText(item.title)}
        </List.Item>
      ))}
    </List>
  );
}
