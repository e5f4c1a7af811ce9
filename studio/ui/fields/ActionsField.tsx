/**
 * A list of actions (a button's onTap, a form's onSuccess, a screen's onEnter): each action picked by
 * what it does, in words (打开页面, 调用后台接口), then only that kind's settings, drawn by the form
 * library from that kind's schema (the option of common.schema.json's `action` whose type it is).
 * An action's own lists (onSuccess, onConfirm…) are this field again: the schema is recursive, and
 * the library itself would stop at the cycle.
 */
import type { ErrorSchema, FieldProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { toFieldPathId } from '@rjsf/utils';
import { isObject } from '../../../src/config/json';
import type { StudioContext } from '../widgets';
import { useWords } from '../words';

type Action = Record<string, unknown>;
const ACTION = '#/definitions/common.schema.json/definitions/action';

/** The kinds of action the schema has, in its order, and the option of each. */
function kindsOf(root: RJSFSchema): { kind: string; ref: string }[] {
  const common = (root.definitions?.['common.schema.json'] ?? {}) as { definitions?: { action?: { oneOf?: { properties?: { type?: { const?: unknown } } }[] } } };
  return (common.definitions?.action?.oneOf ?? []).flatMap((o, i) => (typeof o.properties?.type?.const === 'string' ? [{ kind: o.properties.type.const, ref: `${ACTION}/oneOf/${i}` }] : []));
}

const HIDE_TYPE: UiSchema<unknown, RJSFSchema, StudioContext> = { type: { 'ui:widget': 'hidden' } };

export function ActionsField(props: FieldProps<unknown, RJSFSchema, StudioContext>) {
  const { formData, onChange, fieldPathId, registry, errorSchema, name } = props;
  const w = useWords();
  const list: Action[] = Array.isArray(formData) ? formData.filter(isObject) : [];
  const kinds = kindsOf(registry.rootSchema);
  const set = (next: Action[]) => onChange(next, fieldPathId.path, undefined, fieldPathId.$id);
  const { SchemaField } = registry.fields;
  return (
    <div className="actions" aria-label={name}>
      {list.length ? null : <p className="hint">{w.actions.none}</p>}
      {list.map((a, i) => {
        const kind = isObject(a) && typeof a.type === 'string' ? a.type : '';
        const ref = kinds.find((k) => k.kind === kind)?.ref;
        const id = toFieldPathId(i, registry.globalFormOptions, fieldPathId);
        return (
          <div key={i} className="action">
            <div className="action-head">
              <span>{w.actions.move(i + 1)}</span>
              <select aria-label={`${w.actions.type} ${i + 1}`} value={kind} onChange={(e) => set(list.map((x, j) => (j === i ? { type: e.target.value } : x)))}>
                {kind && !ref ? <option value={kind}>{kind}</option> : null}
                {kinds.map((k) => (
                  <option key={k.kind} value={k.kind}>
                    {w.actions.kinds[k.kind] ?? k.kind} ({k.kind})
                  </option>
                ))}
              </select>
              <button type="button" className="small-button" disabled={i === 0} title={w.buttons.upTitle} onClick={() => set(list.map((x, j) => (j === i - 1 ? list[i] : j === i ? list[i - 1] : x)))}>
                {w.buttons.up}
              </button>
              <button type="button" className="small-button" disabled={i === list.length - 1} title={w.buttons.downTitle} onClick={() => set(list.map((x, j) => (j === i ? list[i + 1] : j === i + 1 ? list[i] : x)))}>
                {w.buttons.down}
              </button>
              <button type="button" className="small-button danger" title={w.buttons.removeTitle} onClick={() => set(list.filter((_, j) => j !== i))}>
                {w.buttons.remove}
              </button>
            </div>
            {ref ? (
              <SchemaField
                name={String(i)}
                schema={{ $ref: ref }}
                uiSchema={HIDE_TYPE}
                formData={a}
                errorSchema={(errorSchema as Record<number, ErrorSchema> | undefined)?.[i]}
                fieldPathId={id}
                onChange={onChange}
                onBlur={props.onBlur}
                onFocus={props.onFocus}
                registry={registry}
                disabled={props.disabled}
                readonly={props.readonly}
              />
            ) : null}
          </div>
        );
      })}
      <button type="button" className="small-button" onClick={() => set([...list, { type: 'navigate', to: '/' }])}>
        {w.actions.add}
      </button>
    </div>
  );
}
