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
  const cells = rows.map((item, r) => props.columns.map((c) => text(c.value, { item, index: r })));
  // a column with a value in no row is not drawn (a backend that leaves that field out)
  const shown = props.columns.map((_, i) => i).filter((i) => cells.some((row) => row[i].trim() !== ''));
  return (
    <div className="w-table-wrap">
      <table className="w-table" data-testid={asText(props.testId) || undefined}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {shown.map((i) => (
              <th key={i} scope="col">
                {asText(props.columns[i].title)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cells.map((row, r) => (
            <tr key={r}>
              {shown.map((i) => (
                <td key={i}>{row[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
