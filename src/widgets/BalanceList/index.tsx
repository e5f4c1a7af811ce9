import { useState } from 'react';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { asNumber, dataSourcesRead, FILTERS, getPath } from '../../engine/bindings';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { LoadRetry, useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'onItemTap'>;

export default function BalanceList({ node, props }: WidgetProps<Props>) {
  const { scope, text, run, failed } = useScreen();
  const [open, setOpen] = useState(false);
  const raw = props.items;
  const list: unknown[] = Array.isArray(raw) ? raw : [];
  const limit = props.collapsed !== undefined ? asNumber(props.collapsed, list.length) : list.length;
  const title = asText(props.title);
  // a source it shows failed to load, nothing to show: a retry, not an endless loading
  const sources = Array.isArray(raw) ? [] : dataSourcesRead(node.props?.items);
  const broken = sources.filter((s) => failed(s, 'here'));
  // a failure the screen announces (FailedLoads): nothing here
  const hidden = broken.length === 0 && sources.some((s) => failed(s));
  const shown = open ? list : list.slice(0, limit);
  const labelField = asText(props.labelField ?? 'name');
  const valueField = asText(props.valueField ?? 'balance');
  const keyField = asText(props.keyField ?? 'platname');
  const iconField = asText(props.iconField);
  const tappable = !!props.onItemTap?.length;
  const figure = (item: unknown) => String(FILTERS.money(getPath(item, valueField), undefined, scope));
  // `columns` columns, fewer where the longest figure would not fit in one (8-digit balances on a 320px phone)
  const columns = props.columns ?? 2;
  const longest = Math.max(1, ...shown.map((item) => figure(item).length));
  const gaps = `${(columns - 1) * 8}px`;
  const gridTemplateColumns = `repeat(auto-fit, minmax(max(calc((100% - ${gaps}) / ${columns}), calc(${longest}ch + 14px)), 1fr))`;

  return (
    <section className="w-balances" data-testid={asText(props.testId) || undefined} aria-label={title || undefined}>
      {title && <h2 className="w-balances-title">{title}</h2>}
      {hidden ? null : broken.length > 0 ? (
        <LoadRetry sources={broken} />
      ) : !Array.isArray(raw) ? (
        <p className="w-balances-note">{text('@common.loading')}</p>
      ) : list.length === 0 ? (
        <p className="w-balances-note">{props.emptyText !== undefined ? asText(props.emptyText) : text('@common.empty')}</p>
      ) : (
        <ul className="w-balances-grid" style={{ gridTemplateColumns }}>
          {shown.map((item, i) => {
            const key = String(getPath(item, keyField) ?? i);
            const icon = iconField ? asText(getPath(item, iconField)) : '';
            const body = (
              <>
                <span className="w-balances-name">
                  {icon && <img className="w-balances-icon" src={icon} alt="" width={16} height={16} loading="lazy" decoding="async" />}
                  {String(getPath(item, labelField) ?? '')}
                </span>
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
          {open ? (props.lessText !== undefined ? asText(props.lessText) : text('@balance.less')) : props.moreText !== undefined ? asText(props.moreText) : text('@balance.more')}
          {open ? <UpOutline aria-hidden="true" /> : <DownOutline aria-hidden="true" />}
        </button>
      )}
    </section>
  );
}
