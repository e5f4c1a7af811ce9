import { useState } from 'react';
import { evalCondition, FILTERS, resolve } from '../../engine/bindings';
import { IconByName } from '../../engine/icons';
import { vipProgress } from '../../engine/money';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asCondition } from '../../config/types';
import type { Props } from './schema';
import './style.css';

type Level = Record<string, unknown> & { recharge: number; flow?: number; vipname?: string };

/** whole amounts as they are (20000), others with two decimals */
const money = (v: unknown) => (Number.isInteger(Number(v)) ? String(Number(v)) : String(FILTERS.money(v, undefined, {})));

export default function VipLevels({ props }: WidgetProps<Props>) {
  const { scope, t } = useScreen();
  const raw = resolve(props.levels, scope);
  const levels: Level[] = Array.isArray(raw) ? (raw as Level[]) : [];
  const level = Number(resolve(props.level, scope)) || 0;
  const paysum = Number(resolve(props.paysum, scope)) || 0;
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
  const showProgress = props.showProgress ? evalCondition(asCondition(props.showProgress), scope) : true;
  const suffix = props.suffix ?? '%';
  const progressText = t(L.progress, { current: level, need: money(need), paysum: money(paysum), percent });

  return (
    <div className="w-vip">
      {showProgress ? (
        <section className="w-vip-me">
          <p className="w-vip-me-level">{t(L.current, { level: level > 0 ? nameOf(level - 1) : '-' })}</p>
          <div className="w-vip-bar" role="progressbar" aria-label={progressText} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <i style={{ width: `${percent}%` }} />
          </div>
          <p className="w-vip-me-line" data-testid="vip-progress">
            {progressText}
          </p>
        </section>
      ) : (
        L.visitor && <p className="w-vip-me w-vip-me-visitor">{t(L.visitor)}</p>
      )}

      <div className="w-vip-chooser" role="tablist" aria-label={t(L.chooser)}>
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
            {t(reached ? L.reached : L.notReached)}
          </span>
        </div>
        <dl className="w-vip-req">
          <div>
            <dt>{t(L.deposit)}</dt>
            <dd>{money(entry.recharge)}</dd>
          </div>
          <div>
            <dt>{t(L.flow)}</dt>
            <dd>{money(entry.flow)}</dd>
          </div>
        </dl>
        <h2 className="w-vip-sub">{t(L.rebates)}</h2>
        <ul className="w-vip-rebates">
          {props.rebates.map((r) => (
            <li key={r.field}>
              {r.icon && <IconByName name={r.icon} className="w-vip-rebate-icon" />}
              <span className="w-vip-rebate-value">
                {String(entry[r.field] ?? 0)}
                {suffix}
              </span>
              <span className="w-vip-rebate-label">{t(r.label)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="w-vip-table-box">
        <h2 className="w-vip-sub">{t(L.table)}</h2>
        <table className="w-vip-table">
          <thead>
            <tr>
              <th scope="col">{t(L.level)}</th>
              <th scope="col">{t(L.deposit)}</th>
              <th scope="col">{t(L.flow)}</th>
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
