import { useState } from 'react';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { FILTERS, getPath, resolve, resolveNumber } from '../../engine/bindings';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

export default function BalanceList({ props }: WidgetProps<Props>) {
  const { scope, t, run } = useScreen();
  const [open, setOpen] = useState(false);
  const raw = resolve(props.items, scope);
  const list: unknown[] = Array.isArray(raw) ? raw : [];
  const limit = props.collapsed !== undefined ? resolveNumber(props.collapsed, scope, list.length) : list.length;
  const shown = open ? list : list.slice(0, limit);
  const labelField = props.labelField ?? 'name';
  const valueField = props.valueField ?? 'balance';
  const keyField = props.keyField ?? 'platname';
  const tappable = !!props.onItemTap?.length;
  const figure = (item: unknown) => String(FILTERS.money(getPath(item, valueField), undefined, scope));
  // `columns` columns, fewer where the longest figure would not fit in one (8-digit balances on a 320px phone)
  const columns = props.columns ?? 2;
  const longest = Math.max(1, ...shown.map((item) => figure(item).length));
  const gaps = `${(columns - 1) * 8}px`;
  const gridTemplateColumns = `repeat(auto-fit, minmax(max(calc((100% - ${gaps}) / ${columns}), calc(${longest}ch + 14px)), 1fr))`;

  return (
    <section className="w-balances" data-testid={props.testId} aria-label={props.title ? t(props.title) : undefined}>
      {props.title && <h2 className="w-balances-title">{t(props.title)}</h2>}
      {!Array.isArray(raw) ? (
        <p className="w-balances-note">{t('@common.loading')}</p>
      ) : list.length === 0 ? (
        <p className="w-balances-note">{t(props.emptyText ?? '@common.empty')}</p>
      ) : (
        <ul className="w-balances-grid" style={{ gridTemplateColumns }}>
          {shown.map((item, i) => {
            const key = String(getPath(item, keyField) ?? i);
            const body = (
              <>
                <span className="w-balances-name">{String(getPath(item, labelField) ?? '')}</span>
                <span className="w-balances-value">{figure(item)}</span>
              </>
            );
            return (
              <li key={key} className="w-balances-item" data-key={key}>
                {tappable ? (
                  <button type="button" className="w-balances-cell" onClick={() => void run(props.onItemTap, { item })}>
                    {body}
                  </button>
                ) : (
                  <div className="w-balances-cell">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list.length > limit && (
        <button type="button" className="w-balances-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t(props.lessText ?? '@balance.less') : t(props.moreText ?? '@balance.more')}
          {open ? <UpOutline aria-hidden="true" /> : <DownOutline aria-hidden="true" />}
        </button>
      )}
    </section>
  );
}
