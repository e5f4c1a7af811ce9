/**
 * Fields for values the form library has no widget for:
 *   - a list of widget nodes inside a widget's props (a tab's children): said in words, edited in
 *     the screen's outline, where each node is an item of its own;
 *   - an object of any names and values (a call's payload, a screen's state): a row per name, each
 *     value typed as an operator writes it (100, true, text, a binding, or JSON: fields/values.ts).
 */
import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import { useState } from 'react';
import { isObject } from '../../../src/config/json';
import type { StudioContext } from '../widgets';
import { useWords } from '../words';
import { parseTyped, showTyped } from './values';

export function NodesField({ formData }: FieldProps<unknown, RJSFSchema, StudioContext>) {
  const w = useWords();
  return <p className="hint nodes">{w.nodes(Array.isArray(formData) ? formData.length : 0)}</p>;
}

/** One name and its value: the name changes when the box is left (so typing it does not move the row). */
function ValueRow({ name, value, onRename, onValue, onRemove }: { name: string; value: unknown; onRename(n: string): void; onValue(v: unknown): void; onRemove(): void }) {
  const w = useWords();
  const [key, setKey] = useState(name);
  return (
    <div className="value-row">
      <input aria-label={w.values.key} value={key} onChange={(e) => setKey(e.target.value)} onBlur={() => key && key !== name && onRename(key)} />
      <input aria-label={`${name} ${w.values.value}`} value={showTyped(value)} onChange={(e) => onValue(parseTyped(e.target.value))} />
      <button type="button" className="small-button danger" onClick={onRemove}>
        {w.values.remove}
      </button>
    </div>
  );
}

/** A value of any kind, typed as an operator writes it (fields/values.ts). */
export function ValueField({ formData, onChange, fieldPathId, name }: FieldProps<unknown, RJSFSchema, StudioContext>) {
  return <input className="form-control" aria-label={name} value={showTyped(formData)} onChange={(e) => onChange(e.target.value === '' ? undefined : parseTyped(e.target.value), fieldPathId.path, undefined, fieldPathId.$id)} />;
}

export function ValuesField({ formData, onChange, fieldPathId }: FieldProps<unknown, RJSFSchema, StudioContext>) {
  const w = useWords();
  const values = isObject(formData) ? formData : {};
  const set = (next: Record<string, unknown>) => onChange(next, fieldPathId.path, undefined, fieldPathId.$id);
  const entries = Object.entries(values);
  const fresh = () => {
    let n = entries.length + 1;
    while (`name${n}` in values) n++;
    return `name${n}`;
  };
  return (
    <div className="values">
      {entries.map(([k, v]) => (
        <ValueRow
          key={k}
          name={k}
          value={v}
          onRename={(to) => set(Object.fromEntries(entries.map(([x, y]) => [x === k ? to : x, y])))}
          onValue={(nv) => set({ ...values, [k]: nv })}
          onRemove={() => set(Object.fromEntries(entries.filter(([x]) => x !== k)))}
        />
      ))}
      <button type="button" className="small-button" onClick={() => set({ ...values, [fresh()]: '' })}>
        {w.values.add}
      </button>
    </div>
  );
}
