import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

export default function Table({ props }: WidgetProps<Props>) {
  const { text } = useScreen();
  const raw = props.rows;
  const rows = Array.isArray(raw) ? raw : [];
  const empty = asText(props.emptyText);
  const caption = asText(props.caption);
  if (rows.length === 0) return empty ? <p className="w-table-empty">{empty}</p> : null;
  return (
    <div className="w-table-wrap">
      <table className="w-table" data-testid={asText(props.testId) || undefined}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {props.columns.map((c, i) => (
              <th key={i} scope="col">
                {asText(c.title)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((item, r) => (
            <tr key={r}>
              {props.columns.map((c, i) => (
                <td key={i}>{text(c.value, { item, index: r })}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
