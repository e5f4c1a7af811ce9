/**
 * A condition (a node's or a rule's `when`, a Form's `disabledWhen`) as an operator reads it: always,
 * on, off, "when a value compares so", or all / any / not of further conditions, each drawn by this
 * same field (the schema is recursive: the form library itself would stop at the cycle).
 */
import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import { isObject } from '../../../src/config/json';
import type { StudioContext } from '../widgets';
import { useWords } from '../words';
import { parseTyped, showTyped } from './values';

type Cond = Record<string, unknown> | boolean | undefined;
const MODES = ['always', 'on', 'off', 'test', 'all', 'any', 'not'] as const;
type Mode = (typeof MODES)[number];
const COMPARE = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in'] as const;
const OPS = [...COMPARE, 'truthy', 'falsy', 'empty', 'notEmpty'] as const;
type Op = (typeof OPS)[number];

function modeOf(c: Cond): Mode {
  if (c === undefined) return 'always';
  if (c === true) return 'on';
  if (c === false) return 'off';
  if (Array.isArray(c.all)) return 'all';
  if (Array.isArray(c.any)) return 'any';
  if (c.not !== undefined) return 'not';
  return 'test';
}

function opOf(c: Record<string, unknown>): Op {
  const compare = COMPARE.find((k) => k in c);
  if (compare) return compare;
  if ('empty' in c) return c.empty === false ? 'notEmpty' : 'empty';
  return c.truthy === false ? 'falsy' : 'truthy';
}

/** the test with another operator: the path kept, the value kept where the new one takes one */
function withOp(c: Record<string, unknown>, op: Op): Record<string, unknown> {
  const path = typeof c.path === 'string' ? c.path : '';
  const old = COMPARE.map((k) => c[k]).find((v) => v !== undefined);
  if (op === 'truthy' || op === 'falsy') return { path, truthy: op === 'truthy' };
  if (op === 'empty' || op === 'notEmpty') return { path, empty: op === 'empty' };
  if (op === 'in') return { path, in: Array.isArray(old) ? old : old === undefined ? [] : [old] };
  return { path, [op]: Array.isArray(old) ? old[0] ?? '' : old ?? '' };
}

function fresh(mode: Mode, was: Cond): Cond {
  if (mode === 'always') return undefined;
  if (mode === 'on') return true;
  if (mode === 'off') return false;
  if (mode === 'test') return { path: '', truthy: true };
  const inner = was === undefined || typeof was === 'boolean' ? { path: '', truthy: true } : was;
  return mode === 'not' ? { not: inner } : { [mode]: [inner] };
}

export function ConditionEditor({ value, onChange, label }: { value: Cond; onChange(c: Cond): void; label: string }) {
  const w = useWords();
  const mode = modeOf(value);
  const c = isObject(value) ? value : {};
  const list = mode === 'all' || mode === 'any' ? (c[mode] as Cond[]) : [];
  return (
    <div className="condition">
      <select aria-label={label} value={mode} onChange={(e) => onChange(fresh(e.target.value as Mode, value))}>
        {MODES.map((m) => (
          <option key={m} value={m}>
            {w.condition[m]}
          </option>
        ))}
      </select>
      {mode === 'test' ? <Test c={c} onChange={onChange} /> : null}
      {mode === 'not' ? <div className="condition-inner"><ConditionEditor value={c.not as Cond} label={label} onChange={(x) => onChange({ not: x ?? true })} /></div> : null}
      {mode === 'all' || mode === 'any' ? (
        <div className="condition-inner">
          {list.map((x, i) => (
            <div key={i} className="condition-item">
              <ConditionEditor value={x} label={`${label} ${i + 1}`} onChange={(y) => onChange({ [mode]: list.map((z, j) => (j === i ? (y ?? true) : z)) })} />
              <button type="button" className="small-button danger" onClick={() => onChange({ [mode]: list.filter((_, j) => j !== i) })}>
                {w.condition.remove}
              </button>
            </div>
          ))}
          <button type="button" className="small-button" onClick={() => onChange({ [mode]: [...list, { path: '', truthy: true }] })}>
            {w.condition.add}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function Test({ c, onChange }: { c: Record<string, unknown>; onChange(c: Cond): void }) {
  const w = useWords();
  const op = opOf(c);
  const value = op === 'in' ? (Array.isArray(c.in) ? c.in.map(showTyped).join(', ') : '') : COMPARE.includes(op as (typeof COMPARE)[number]) ? showTyped(c[op]) : undefined;
  const setValue = (text: string) => onChange({ ...c, [op]: op === 'in' ? text.split(',').map((s) => s.trim()).filter(Boolean).map(parseTyped) : parseTyped(text) });
  return (
    <div className="condition-test">
      <input aria-label={w.condition.path} placeholder={w.condition.path} value={typeof c.path === 'string' ? c.path : ''} onChange={(e) => onChange({ ...c, path: e.target.value })} />
      <select aria-label={w.condition.op} value={op} onChange={(e) => onChange(withOp(c, e.target.value as Op))}>
        {OPS.map((o) => (
          <option key={o} value={o}>
            {w.condition.ops[o]}
          </option>
        ))}
      </select>
      {value !== undefined ? <input aria-label={op === 'in' ? w.condition.values : w.condition.value} placeholder={op === 'in' ? w.condition.values : w.condition.value} value={value} onChange={(e) => setValue(e.target.value)} /> : null}
    </div>
  );
}

/** The field react-jsonschema-form draws for a condition (uiSchema `ui:definitions`, studio/schemas.ts OWN_FIELDS). */
export function ConditionField(props: FieldProps<unknown, RJSFSchema, StudioContext>) {
  const { formData, onChange, fieldPathId, name } = props;
  const value: Cond = typeof formData === 'boolean' || isObject(formData) ? formData : undefined;
  return <ConditionEditor value={value} label={name || 'when'} onChange={(c) => onChange(c, fieldPathId.path, undefined, fieldPathId.$id)} />;
}
