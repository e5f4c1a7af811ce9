/**
 * The choice fields (form-fields.ts), loaded with a form that has one: select and date (a button
 * that opens antd-mobile's Picker or DatePicker, whose chunk loads on first open) and radio
 * (antd-mobile's Selector). Options: the fixed ones first, then the ones from loaded data.
 */
import { lazy, Suspense, useState } from 'react';
import { Selector } from 'antd-mobile';
import type { FieldConfig } from '../config/types';
import { resolveNumber, resolveText, type Scope } from './bindings';
import type { FieldInputProps } from './field-input';
import { optionsFrom } from './options';
import { useScreen } from './screen-context';

/** Dates are sent as YYYY-MM-DD of the picked day, shifted by the configured hours (SPEC.md section 9). */
export function formatDate(d: Date, shiftHours: number): string {
  return new Date(d.getTime() + shiftHours * 3600000).toISOString().slice(0, 10);
}

/**
 * Fixed options first, then the ones from loaded data. An optionsFrom label is a field of the
 * item, or a text with bindings over `item` ("{{item.bank}} {{item.bank_no | last4}}").
 */
function optionsOf(field: FieldConfig, scope: Scope): { label: string; value: string }[] {
  const out = (field.options ?? []).map((o) => ({ label: resolveText(o.label, scope), value: String(o.value) }));
  for (const o of optionsFrom(field.optionsFrom, scope)) out.push({ label: o.label, value: String(o.value ?? '') });
  return out;
}

const Picker = lazy(() => import('./form-pickers').then((m) => ({ default: m.Picker })));
const DatePicker = lazy(() => import('./form-pickers').then((m) => ({ default: m.DatePicker })));

export default function ChoiceField({ field, id, value, onChange, scope }: FieldInputProps) {
  const placeholder = resolveText(field.placeholder ?? '', scope);
  const str = value === undefined || value === null ? '' : String(value);
  const [pickerOpen, setPickerOpenState] = useState(false);
  // the picker chunk loads on first open, and stays mounted afterwards so it can animate closed
  const [pickerUsed, setPickerUsed] = useState(false);
  const setPickerOpen = (open: boolean) => {
    if (open) setPickerUsed(true);
    setPickerOpenState(open);
  };
  const { text } = useScreen();

  switch (field.type) {
    case 'select': {
      const options = optionsOf(field, scope);
      const current = options.find((o) => o.value === str);
      return (
        <>
          <input type="hidden" name={field.name} value={str} />
          <button type="button" id={id} className={`cfg-select ${current ? '' : 'is-empty'}`} onClick={() => setPickerOpen(true)} disabled={field.readOnly}>
            {current?.label ?? placeholder}
          </button>
          {pickerUsed && (
            <Suspense fallback={null}>
              <Picker
                columns={[options]}
                visible={pickerOpen}
                value={[str]}
                onClose={() => setPickerOpen(false)}
                onConfirm={(v) => onChange(v[0] ?? '')}
                confirmText={text('@common.ok')}
                cancelText={text('@common.cancel')}
              />
            </Suspense>
          )}
        </>
      );
    }
    case 'date': {
      const shift = resolveNumber('{{const.dateShiftHours}}', scope, 0);
      const min = field.min ? new Date(`${resolveText(field.min, scope)}T00:00:00`) : undefined;
      return (
        <>
          <input type="hidden" name={field.name} value={str} />
          <button type="button" id={id} className={`cfg-select ${str ? '' : 'is-empty'}`} onClick={() => !field.readOnly && setPickerOpen(true)}>
            {str || placeholder}
          </button>
          {pickerUsed && (
            <Suspense fallback={null}>
              <DatePicker
                visible={pickerOpen}
                min={min}
                max={new Date()}
                value={/^\d{4}-\d{2}-\d{2}$/.test(str) ? new Date(`${str}T00:00:00`) : undefined}
                onClose={() => setPickerOpen(false)}
                onConfirm={(d) => onChange(formatDate(d, shift))}
                confirmText={text('@common.ok')}
                cancelText={text('@common.cancel')}
              />
            </Suspense>
          )}
        </>
      );
    }
    default: {
      const options = optionsOf(field, scope);
      return (
        <div role="radiogroup" id={id} aria-label={resolveText(field.label ?? field.name, scope)}>
          <input type="hidden" name={field.name} value={str} />
          <Selector columns={Math.min(options.length, 3) || 1} options={options} value={str ? [str] : []} onChange={(v) => v.length && onChange(v[0])} />
        </div>
      );
    }
  }
}
