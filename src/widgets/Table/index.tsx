import { resolve } from '../../engine/bindings';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

export default function Table({ props }: WidgetProps<Props>) {
  const { t, scope } = useScreen();
  const raw = resolve(props.rows, scope);
  const rows = Array.isArray(raw) ? raw : [];
  if (rows.length === 0) return props.empty ? <p className="w-table-empty">{t(props.empty)}</p> : null;
  return (
    <div className="w-table-wrap">
      <table className="w-table" data-testid={props.testId}>
        {props.caption && <caption>{t(props.caption)}</caption>}
        <thead>
          <tr>
            {props.columns.map((c, i) => (
              <th key={i} scope="col">
                {t(c.title)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((item, r) => (
            <tr key={r}>
              {props.columns.map((c, i) => (
                <td key={i}>{t(c.value, { item, index: r })}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
