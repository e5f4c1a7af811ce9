import { useState } from 'react';
import { Popup } from '../../engine/overlays';
import { DownFill } from 'antd-mobile-icons';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { optionsFrom } from '../../engine/options';
import { useScreen } from '../../engine/screen';
import type { Scope } from '../../engine/bindings';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

type Filter = Props['filters'][number];
interface Option {
  label: string;
  value: string | number;
}

function optionsOf(f: Filter, scope: Scope): Option[] {
  const out: Option[] = [];
  if (f.all) out.push({ label: asText(f.all.label), value: typeof f.all.value === 'number' ? f.all.value : asText(f.all.value) });
  if (f.map) {
    const table = ((scope.maps ?? {}) as Record<string, Record<string, string>>)[asText(f.map)] ?? {};
    for (const [k, label] of Object.entries(table)) out.push({ label, value: /^-?\d+$/.test(k) ? Number(k) : k });
  }
  // optionsFrom is a template (schema.ts): it arrives as config wrote it
  for (const { label, value } of optionsFrom(f.optionsFrom as Config['filters'][number]['optionsFrom'], scope)) {
    if (typeof value === 'string' || typeof value === 'number') out.push({ label, value });
  }
  for (const o of f.options ?? []) out.push({ label: asText(o.label), value: typeof o.value === 'number' ? o.value : asText(o.value) });
  return out;
}

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

export default function FilterBar({ props }: WidgetProps<Props>) {
  const { scope, text, setState } = useScreen();
  const [open, setOpen] = useState<number | null>(null);
  const state = (scope.state ?? {}) as Record<string, unknown>;
  const sheets = props.filters.map((f) => optionsOf(f, scope));
  const chips = props.filters.map((f, i) => ({ f, i })).filter(({ f }) => f.display === 'chips');
  const pickers = props.filters.map((f, i) => ({ f, i })).filter(({ f }) => f.display !== 'chips');
  const openFilter = open === null ? null : props.filters[open];

  return (
    <div className={`w-filterbar ${props.sticky ? 'is-sticky' : ''}`}>
      {chips.map(({ f, i }) => (
        <div key={asText(f.stateKey)} className="w-filterbar-chips" role="radiogroup" aria-label={asText(f.label)} data-testid={asText(f.testId) || undefined}>
          {sheets[i].map((o) => {
            const on = same(o.value, state[asText(f.stateKey)]);
            return (
              <button key={String(o.value)} type="button" role="radio" aria-checked={on} className={`w-filterbar-chip ${on ? 'is-on' : ''}`} onClick={() => setState(asText(f.stateKey), o.value)}>
                {o.label}
              </button>
            );
          })}
        </div>
      ))}
      {pickers.length > 0 && (
        <div className="w-filterbar-row">
          {pickers.map(({ f, i }) => {
            const current = sheets[i].find((o) => same(o.value, state[asText(f.stateKey)]));
            return (
              <button key={asText(f.stateKey)} type="button" className="w-filterbar-button" aria-haspopup="dialog" aria-label={`${asText(f.label)}：${current?.label ?? ''}`} onClick={() => setOpen(i)} data-testid={asText(f.testId) || undefined}>
                <span className="w-filterbar-value">{current?.label ?? asText(f.label)}</span>
                <DownFill className="w-filterbar-arrow" aria-hidden="true" />
              </button>
            );
          })}
        </div>
      )}
      <Popup visible={openFilter !== null} onMaskClick={() => setOpen(null)} onClose={() => setOpen(null)} bodyClassName="w-filterbar-sheet" label={openFilter ? asText(openFilter.label) : undefined}>
        {open !== null && openFilter && (
          <div role="radiogroup" aria-label={asText(openFilter.label)}>
            <p className="w-filterbar-sheet-title">{asText(openFilter.label)}</p>
            {sheets[open].map((o) => {
              const on = same(o.value, state[asText(openFilter.stateKey)]);
              return (
                <button
                  key={String(o.value)}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  className={`w-filterbar-option ${on ? 'is-on' : ''}`}
                  onClick={() => {
                    setState(asText(openFilter.stateKey), o.value);
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
          {text('@common.cancel')}
        </button>
      </Popup>
    </div>
  );
}
