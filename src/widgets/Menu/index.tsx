import { List } from 'antd-mobile';
import { evalCondition } from '../../engine/bindings';
import { IconByName } from '../../engine/icons';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asCondition } from '../../config/types';
import type { Props } from './schema';
import './style.css';

type Item = Props['items'][number];

export default function Menu({ props }: WidgetProps<Props>) {
  const { t, run, scope } = useScreen();
  const items = props.items.filter((i) => evalCondition(asCondition(i.when), scope));
  const tap = (item: Item) => run(item.onTap ?? (item.to ? [{ type: 'navigate', to: item.to }] : []));

  if (props.variant === 'grid') {
    return (
      <nav className="w-menu-grid" style={{ gridTemplateColumns: `repeat(${props.columns ?? 4}, 1fr)` }} aria-label={props.title ? t(props.title) : undefined}>
        {items.map((item, i) => (
          <button key={i} type="button" className="w-menu-grid-item" onClick={() => void tap(item)} data-testid={item.testId}>
            <span className="w-menu-grid-icon">
              <IconByName name={item.icon} />
            </span>
            <span className="w-menu-grid-title">{t(item.title)}</span>
          </button>
        ))}
      </nav>
    );
  }
  return (
    <List header={props.title ? t(props.title) : undefined} className="w-menu">
      {items.map((item, i) => (
        <List.Item
          key={i}
          prefix={item.icon ? <IconByName name={item.icon} className="w-menu-icon" /> : undefined}
          extra={item.extra ? t(item.extra) : undefined}
          description={item.description ? t(item.description) : undefined}
          onClick={() => void tap(item)}
          arrowIcon
          data-testid={item.testId}
        >
          {t(item.title)}
        </List.Item>
      ))}
    </List>
  );
}
