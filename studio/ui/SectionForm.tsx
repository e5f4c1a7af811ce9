/**
 * One section of a place as a form: react-jsonschema-form over the part of the bundled schemas the
 * section names, its ajv 8 validator set to the schemas' draft, every field labelled with its config
 * key and the schema's help in the operator's language (the bundle's descriptions and titles through
 * words.ts, and the library's own words through its `translateString`). Problems of check:config
 * come in as `extraErrors` at their JSON path (model.ts errorTree), in the check's words; the form's
 * own schema validation is not shown (the check's words are the ones an operator reads everywhere
 * else). The values the library has no widget for are drawn by the page's own fields, registered by
 * their reference (`ui:definitions`, studio/schemas.ts OWN_FIELDS); the rest of what deserves more
 * than a text box by widgets.tsx.
 */
import Form, { getDefaultRegistry, type IChangeEvent } from '@rjsf/core';
import { englishStringTranslator, TranslatableString, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import { memo, useMemo } from 'react';
import type { Problem } from '../../src/config/check';
import { pointerOf, type Segment } from '../../src/config/pointer';
import { OWN_FIELDS } from '../own-fields';
import { templates } from './FieldFrame';
import { ActionsField } from './fields/ActionsField';
import { ConditionField } from './fields/ConditionField';
import { RuleField } from './fields/RuleField';
import { NodesField, ValueField, ValuesField } from './fields/simple';
import { errorTree, getIn } from './model';
import type { Section } from './places';
import { studioWidgets, type FieldPlace, type StudioContext } from './widgets';
import { useWords, type Words } from './words';

export interface Bundle {
  draft: string;
  definitions: Record<string, unknown>;
}

/** ajv of the schemas' own draft ($schema of the files): draft-07 today */
export function validatorFor(draft: string) {
  const AjvClass = draft.includes('2020-12') ? Ajv2020 : draft.includes('2019-09') ? Ajv2019 : Ajv;
  return customizeValidator({ AjvClass });
}

/** The bundle with its help (descriptions) and option titles in the operator's language. */
export function localized(bundle: Bundle, w: Words): Bundle {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, (k === 'description' || k === 'title') && typeof x === 'string' ? w.help(x) : walk(x)]));
  };
  return { draft: bundle.draft, definitions: walk(bundle.definitions) as Record<string, unknown> };
}

/** The schema a section's form is made from: a reference into the bundle, with the bundle's definitions (shared, never copied). */
export function sectionSchema(bundle: Bundle, section: Section): RJSFSchema {
  const at = getIn(bundle, section.schema.slice(1).split('/')) as { $ref?: unknown; description?: unknown } | undefined;
  // a part that is itself a reference (a screen's onEnter: the actions) is drawn from what it refers to, so that the field registered for it is found
  const ref = typeof at?.$ref === 'string' ? at.$ref : `#${section.schema}`;
  if (!section.keys) return { $ref: ref, ...(typeof at?.description === 'string' ? { description: at.description } : {}), definitions: bundle.definitions } as RJSFSchema;
  // the messages a search found: the same entry schema for each of them
  const whole = getIn(bundle, section.schema.slice(1).split('/')) as { additionalProperties?: unknown };
  return { type: 'object', properties: Object.fromEntries(section.keys.map((k) => [k, whole.additionalProperties ?? {}])), definitions: bundle.definitions } as RJSFSchema;
}

/** The page's own fields, each under the reference of the definition it draws. */
export const OWN_UI: Record<string, UiSchema> = Object.fromEntries(Object.entries(OWN_FIELDS).map(([field, ref]) => [ref, { 'ui:field': field }]));
const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true }, 'ui:definitions': OWN_UI };
const fields = { condition: ConditionField, actions: ActionsField, rule: RuleField, nodes: NodesField, values: ValuesField, value: ValueField };
const behaviour = { emptyObjectFields: 'skipDefaults', arrayMinItems: { populate: 'never' }, allOf: 'skipDefaults', constAsDefaults: 'never', mergeDefaultsIntoFormData: 'useFormDataIfPresent' } as const;
const registry = getDefaultRegistry();

/** The library's own words in the operator's language (the buttons, a map's new name, an option's title). */
function translatorFor(w: Words) {
  const zh: Partial<Record<TranslatableString, string>> = {
    [TranslatableString.AddButton]: w.buttons.add,
    [TranslatableString.AddItemButton]: w.buttons.add,
    [TranslatableString.CopyButton]: w.buttons.copy,
    [TranslatableString.MoveUpButton]: w.buttons.upTitle,
    [TranslatableString.MoveDownButton]: w.buttons.downTitle,
    [TranslatableString.RemoveButton]: w.buttons.removeTitle,
    [TranslatableString.NewStringDefault]: '',
    [TranslatableString.KeyLabel]: `%1 ${w.values.key}`,
    [TranslatableString.ArrayItemTitle]: '',
    [TranslatableString.EmptyArray]: '',
    [TranslatableString.YesLabel]: w.help('Yes') ?? 'Yes',
    [TranslatableString.NoLabel]: w.help('No') ?? 'No',
    [TranslatableString.OptionPrefix]: '%1',
    [TranslatableString.TitleOptionPrefix]: '%1 %2',
  };
  return (s: TranslatableString, params?: string[]) => {
    const own = zh[s];
    return own === undefined ? englishStringTranslator(s, params) : englishStringTranslator(own as TranslatableString, params);
  };
}

export interface SectionFormProps {
  section: Section;
  bundle: Bundle;
  validator: ReturnType<typeof validatorFor>;
  value: unknown;
  /** the problems at their field (file: the file's name in its folder, app.json; path: the pointer of the merged view) */
  problems: readonly Problem[];
  /** how the heading names the file */
  shownFile: string;
  /** on a brand: where each value of the section comes from, by its pointer in the file */
  places?: Record<string, FieldPlace>;
  /** the form's fields, when the file is a form */
  formFields: { name: string; label: string }[];
  onChange(section: Section, value: unknown, field: string): void;
}

export const SectionForm = memo(function SectionForm({ section, bundle, validator, value, problems, shownFile, places, formFields, onChange }: SectionFormProps) {
  const w = useWords();
  const schema = useMemo(() => sectionSchema(bundle, section), [bundle, section]);
  const formData = useMemo(() => (section.keys && value && typeof value === 'object' ? Object.fromEntries(section.keys.map((k) => [k, (value as Record<string, unknown>)[k]])) : value), [section.keys, value]);
  const extraErrors = useMemo(() => errorTree(problems, section.file, section.path, w), [problems, section.file, section.path, w]);
  const translate = useMemo(() => translatorFor(w), [w]);
  const formContext = useMemo<StudioContext>(() => {
    const pointer = (sub: readonly Segment[]) => pointerOf([...section.path, ...sub]);
    return {
      file: section.file,
      // data, not only a function: react-jsonschema-form draws a field again when its data changes
      places,
      formFields,
      pointer,
      whereKey: (sub: readonly Segment[]) => section.where?.(sub),
      place: (sub: readonly Segment[]) => places?.[pointer(sub)],
    };
  }, [section, places, formFields]);
  const change = (e: IChangeEvent, id?: string) => {
    const next = section.keys && value && typeof value === 'object' ? { ...(value as Record<string, unknown>), ...(e.formData as Record<string, unknown>) } : e.formData;
    onChange(section, next, `${section.file}#${section.path.join('/')}#${id ?? ''}`);
  };
  return (
    <section className="section" data-section={`${section.file} ${formContext.pointer([])}`}>
      <h3>
        {section.title} <span className="at">{`${shownFile} ${formContext.pointer([]) || '/'}`}</span>
      </h3>
      <Form<unknown, RJSFSchema, StudioContext>
        schema={schema}
        uiSchema={ui}
        validator={validator}
        formData={formData}
        formContext={formContext}
        extraErrors={extraErrors as never}
        onChange={change}
        liveValidate={false}
        noHtml5Validate
        showErrorList={false}
        experimental_defaultFormStateBehavior={behaviour}
        templates={templates}
        fields={fields}
        widgets={{ ...registry.widgets, ...studioWidgets }}
        translateString={translate}
        idPrefix={`f-${section.file.replace(/\W/g, '_')}-${section.path.join('_')}`}
      >
        <></>
      </Form>
    </section>
  );
});
