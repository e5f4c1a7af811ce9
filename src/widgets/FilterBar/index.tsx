import { useState } from 'react';
import { Popup } from '../../engine/overlays';
import { DownFill } from 'antd-mobile-icons';
import type { WidgetProps } from '../../engine/registry';
import { optionsFrom } from '../../engine/options';
import { useScreen } from '../../engine/screen';
import type { Scope } from '../../engine/bindings';
import type { Props } from './schema';
import './style.css';

type Filter = Props['filters'][number];
interface Option {
  label: string;
  value: string | number;
}

function optionsOf(f: Filter, scope: Scope, t: (v: unknown) => string): Option[] {
  const out: Option[] = [];
  if (f.all) out.push({ label: t(f.all.label), value: f.all.value });
  if (f.map) {
    const table = ((scope.maps ?? {}) as Record<string, Record<string, string>>)[f.map] ?? {};
    for (const [k, label] of Object.entries(table)) out.push({ label, value: /^-?\d+$/.test(k) ? Number(k) : k });
  }
  for (const { label, value } of optionsFrom(f.optionsFrom, scope)) {
    if (typeof value === 'string' || typeof value === 'number') out.push({ label, value });
  }
  for (const o of f.options ?? []) out.push({ label: t(o.label), value: o.value });
  return out;
}

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

export default function FilterBar({ props }: WidgetProps<Props>) {
  const { scope, t, setState } = useScreen();
  const [open, setOpen] = useState<number | null>(null);
  const state = (scope.state ?? {}) as Record<string, unknown>;
  const sheets = props.filters.map((f) => optionsOf(f, scope, t));
  const chips = props.filters.map((f, i) => ({ f, i })).filter(({ f }) => f.display === 'chips');
  const pickers = props.filters.map((f, i) => ({ f, i })).filter(({ f }) => f.display !== 'chips');
  const openFilter = open === null ? null : props.filters[open];

  return (
    <div className={`w-filterbar ${props.sticky ? 'is-sticky' : ''}`}>
      {chips.map(({ f, i }) => (
        <div key={f.stateKey} className="w-filterbar-chips" role="radiogroup" aria-label={t(f.label)} data-testid={f.testId}>
          {sheets[i].map((o) => {
            const on = same(o.value, state[f.stateKey]);
            return (
              <button key={String(o.value)} type="button" role="radio" aria-checked={on} className={`w-filterbar-chip ${on ? 'is-on' : ''}`} onClick={() => setState(f.stateKey, o.value)}>
                {o.label}
              </button>
            );
          })}
        </div>
      ))}
      {pickers.length > 0 && (
        <div className="w-filterbar-row">
          {pickers.map(({ f, i }) => {
            const current = sheets[i].find((o) => same(o.value, state[f.stateKey]));
            return (
              <button key={f.stateKey} type="button" className="w-filterbar-button" aria-haspopup="dialog" aria-label={`${t(f.label)}：${current?.label ?? ''}`} onClick={() => setOpen(i)} data-testid={f.testId}>
                <span className="w-filterbar-value">{current?.label ?? t(f.label)}</span>
                <DownFill className="w-filterbar-arrow" aria-hidden="true" />
              </button>
            );
          })}
        </div>
      )}
      <Popup visible={openFilter !== null} onMaskClick={() => setOpen(null)} onClose={() => setOpen(null)} bodyClassName="w-filterbar-sheet">
        {open !== null && openFilter && (
          <div role="radiogroup" aria-label={t(openFilter.label)}>
            <p className="w-filterbar-sheet-title">{t(openFilter.label)}</p>
            {sheets[open].map((o) => {
              const on = same(o.value, state[openFilter.stateKey]);
              return (
                <button
                  key={String(o.value)}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  className={`w-filterbar-option ${on ? 'is-on' : ''}`}
                  onClick={() => {
                    setState(openFilter.stateKey, o.value);
                    setOpen(null);
                  }}
                >
                  {o.label}
                </button>
              );
            })}
          </div>
        )}
        <button type="button" className="w-filterbar-option w-filterbar-cancel" onClick={() => setOpen(null)}>
          {t('@common.cancel')}
        </button>
      </Popup>
    </div>
  );
}
