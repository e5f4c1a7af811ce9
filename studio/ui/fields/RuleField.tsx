/**
 * A validation rule with only its kind's settings: a range rule shows its field, min, max and
 * message; a pattern rule its pattern; a rule comparing two fields the other field (what
 * src/engine/rules.ts reads of each kind). The field it checks and its kind are picked by their
 * names in words; a change of kind drops the settings the new kind does not read. When it fails,
 * when it applies and its name for a brand's overlay are under "more".
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { RULE_NEEDS } from '../../../src/config/checks/screens';
import { isObject } from '../../../src/config/json';
import { getPath, resolve } from '../../../src/engine/bindings';
import { callKey } from '../backend';
import { usePage } from '../page';
import type { StudioContext } from '../widgets';
import { useWords } from '../words';

/** the settings each kind of rule reads besides its field, kind and message */
const KIND_SETTINGS: Record<string, string[]> = { ...RULE_NEEDS, pattern: ['pattern'], equalsField: ['other'], notEqualsField: ['other'] };
const COMMON = ['field', 'type'];
const MORE = ['onFail', 'when', 'id'];
const SETTINGS = new Set(Object.values(KIND_SETTINGS).flat());

type Rule = Record<string, unknown>;
const ObjectField = getDefaultRegistry().fields.ObjectField;

/** A choice's schema without its plain list of values (its options are given with their names instead). */
const withoutEnum = (s: RJSFSchema | undefined): RJSFSchema => Object.fromEntries(Object.entries(s ?? {}).filter(([k]) => k !== 'enum')) as RJSFSchema;

/** The rule without the settings its kind does not read. */
export const forKind = (rule: Rule): Rule => Object.fromEntries(Object.entries(rule).filter(([k]) => !SETTINGS.has(k) || (KIND_SETTINGS[String(rule.type)] ?? []).includes(k)));

export function RuleField(props: FieldProps<unknown, RJSFSchema, StudioContext>) {
  const w = useWords();
  const page = usePage();
  const { schema, formData, onChange, fieldPathId, registry } = props;
  const rule = isObject(formData) ? formData : {};
  const kind = String(rule.type ?? '');
  const own = KIND_SETTINGS[kind] ?? [];
  const properties = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  const fields = registry.formContext.formFields;
  const narrowed: RJSFSchema = {
    ...schema,
    properties: {
      ...Object.fromEntries([...COMMON, ...own, 'message'].map((k) => [k, properties[k]])),
      field: { ...properties.field, ...(fields.length ? { oneOf: fields.map((f) => ({ const: f.name, title: `${f.label}（${f.name}）` })) } : {}) },
      type: { ...withoutEnum(properties.type), oneOf: Object.keys(w.ruleKinds).map((k) => ({ const: k, title: `${w.ruleKinds[k]}（${k}）` })) },
    },
  };
  // the message as the app shows it when this rule fails: its bounds filled in ({{min}}, {{max}}), the backend's where it decides them
  const bound = (k: string) => {
    const note = page.backendAt(registry.formContext.file, registry.formContext.pointer([...fieldPathId.path, k]));
    const answer = note?.reads.map((r) => note.answers?.get(callKey(r.read))).find((a) => a && 'data' in a);
    const fromBackend = answer && 'data' in answer ? getPath(answer.data, note!.reads[0].read.field) : undefined;
    return fromBackend ?? resolve(rule[k], page.scope);
  };
  const bounds = Object.fromEntries(['min', 'max'].filter((k) => own.includes(k)).map((k) => [k, bound(k)]));
  const ui: UiSchema<unknown, RJSFSchema, StudioContext> = { ...props.uiSchema, 'ui:order': [...COMMON, ...own, 'message', '*'], message: { 'ui:options': { fill: bounds } } };
  const mine = fieldPathId.path;
  const change: typeof onChange = (value, path, es, id) => {
    // a new kind: the settings it does not read go with the old one
    if (path.length === mine.length + 1 && path[mine.length] === 'type') return onChange(forKind({ ...rule, type: value }), mine, es, id);
    onChange(value, path, es, id);
  };
  const more = Object.fromEntries(MORE.filter((k) => properties[k]).map((k) => [k, properties[k]]));
  more.onFail = { ...withoutEnum(more.onFail), oneOf: Object.keys(w.onFail).map((k) => ({ const: k, title: `${w.onFail[k]}（${k}）` })) };
  const moreSet = MORE.some((k) => rule[k] !== undefined);
  return (
    <div className="rule">
      <ObjectField {...props} schema={narrowed} uiSchema={ui} onChange={change} />
      <details className="rule-more" open={moreSet}>
        <summary>{w.ruleMore}</summary>
        <ObjectField {...props} schema={{ ...schema, required: [], properties: more }} uiSchema={props.uiSchema} onChange={change} />
      </details>
    </div>
  );
}
