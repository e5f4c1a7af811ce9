import { useState } from 'react';
import { FILTERS } from '../../engine/bindings';
import { IconByName } from '../../engine/icons';
import { vipProgress } from '../../engine/money';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'labels' | 'showProgress'>;

type Level = Record<string, unknown> & { recharge: number; flow?: number; vipname?: string };

/** whole amounts as they are (20000), others with two decimals */
const money = (v: unknown) => (Number.isInteger(Number(v)) ? String(Number(v)) : String(FILTERS.money(v, undefined, {})));

export default function VipLevels({ props }: WidgetProps<Props>) {
  const { text, holds } = useScreen();
  const raw = props.levels;
  const levels: Level[] = Array.isArray(raw) ? (raw as Level[]) : [];
  const level = Number(props.level) || 0;
  const paysum = Number(props.paysum) || 0;
  const [picked, setPicked] = useState<number | null>(null);
  const L = props.labels;
  if (levels.length === 0) return null;

  // the chosen entry: the member's own level at first (entry index = level - 1)
  const chosen = Math.min(levels.length - 1, Math.max(0, picked ?? level - 1));
  const entry = levels[chosen];
  const nameOf = (i: number) => String(levels[i]?.vipname ?? `${i + 1}`);
  const reached = level >= chosen + 1;
  const percent = vipProgress(paysum, levels, level);
  const need = levels[Math.min(level, levels.length - 1)]?.recharge ?? 0;
  const showProgress = props.showProgress ? holds(props.showProgress) : true;
  const suffix = asText(props.suffix ?? '%');
  const progressText = text(L.progress, { current: level, need: money(need), paysum: money(paysum), percent });

  return (
    <div className="w-vip">
      {showProgress ? (
        <section className="w-vip-me">
          <p className="w-vip-me-level">{text(L.current, { level: level > 0 ? nameOf(level - 1) : '-' })}</p>
          <div className="w-vip-bar" role="progressbar" aria-label={progressText} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <i style={{ width: `${percent}%` }} />
          </div>
          <p className="w-vip-me-line" data-testid="vip-progress">
            {progressText}
          </p>
        </section>
      ) : (
        L.visitor && <p className="w-vip-me w-vip-me-visitor">{text(L.visitor)}</p>
      )}

      <div className="w-vip-chooser" role="tablist" aria-label={text(L.chooser)}>
        {levels.map((_, i) => (
          <button
            key={i}
            type="button"
            role="tab"
            aria-selected={i === chosen}
            className={`w-vip-chip ${i === chosen ? 'is-active' : ''} ${i + 1 <= level ? 'is-reached' : ''}`}
            onClick={() => setPicked(i)}
          >
            {nameOf(i)}
          </button>
        ))}
      </div>

      <section className="w-vip-card" role="tabpanel" aria-label={nameOf(chosen)}>
        <div className="w-vip-card-head">
          <strong className="w-vip-card-name">{nameOf(chosen)}</strong>
          <span className={`w-vip-badge ${reached ? 'is-reached' : ''}`} data-testid="vip-reached">
            {text(reached ? L.reached : L.notReached)}
          </span>
        </div>
        <dl className="w-vip-req">
          <div>
            <dt>{text(L.deposit)}</dt>
            <dd>{money(entry.recharge)}</dd>
          </div>
          <div>
            <dt>{text(L.flow)}</dt>
            <dd>{money(entry.flow)}</dd>
          </div>
        </dl>
        <h2 className="w-vip-sub">{text(L.rebates)}</h2>
        <ul className="w-vip-rebates">
          {props.rebates.map((r) => (
            <li key={asText(r.field)}>
              {r.icon ? <IconByName name={asText(r.icon)} className="w-vip-rebate-icon" /> : null}
              <span className="w-vip-rebate-value">
                {String(entry[asText(r.field)] ?? 0)}
                {suffix}
              </span>
              <span className="w-vip-rebate-label">{asText(r.label)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="w-vip-table-box">
        <h2 className="w-vip-sub">{text(L.table)}</h2>
        <table className="w-vip-table">
          <thead>
            <tr>
              <th scope="col">{text(L.level)}</th>
              <th scope="col">{text(L.deposit)}</th>
              <th scope="col">{text(L.flow)}</th>
            </tr>
          </thead>
          <tbody>
            {levels.map((l, i) => (
              <tr key={i} className={i === chosen ? 'is-active' : undefined}>
                <th scope="row">{nameOf(i)}</th>
                <td>{money(l.recharge)}</td>
                <td>{money(l.flow)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
