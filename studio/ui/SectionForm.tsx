/**
 * One section of a place as a form (issue 37, point 2): react-jsonschema-form over the part of the
 * bundled schemas the section names, its ajv 8 validator set to the schemas' draft, every field
 * labelled with its config key and its description. Problems of check:config come in as
 * `extraErrors` at their JSON path (model.ts errorTree), in the check's words; the form's own schema
 * validation is not shown (the check's words are the ones an operator reads everywhere else).
 * Fields that deserve more than a text box are drawn by widgets.tsx. On a brand, each field says
 * whether its value is the product's or the brand's (and which file of the brand sets it), with
 * "back to the product's value" beside an override.
 */
import Form, { getDefaultRegistry, type IChangeEvent } from '@rjsf/core';
import type { ArrayFieldTemplateProps, FieldTemplateProps, IconButtonProps, ObjectFieldTemplateProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import { memo, useMemo } from 'react';
import type { Problem } from '../../src/config/check';
import { pointerOf, type Segment } from '../../src/config/pointer';
import { errorTree, getIn } from './model';
import type { Section } from './places';
import { studioWidgets, type FieldPlace, type StudioContext } from './widgets';

export interface Bundle {
  draft: string;
  definitions: Record<string, unknown>;
}

/** ajv of the schemas' own draft ($schema of the files): draft-07 today */
export function validatorFor(draft: string) {
  const AjvClass = draft.includes('2020-12') ? Ajv2020 : draft.includes('2019-09') ? Ajv2019 : Ajv;
  return customizeValidator({ AjvClass });
}

/** The schema a section's form is made from: a reference into the bundle, with the bundle's definitions (shared, never copied). */
export function sectionSchema(bundle: Bundle, section: Section): RJSFSchema {
  const ref = `#${section.schema}`;
  if (!section.keys) return { $ref: ref, definitions: bundle.definitions } as RJSFSchema;
  // the messages a search found: the same entry schema for each of them
  const whole = getIn(bundle, section.schema.slice(1).split('/')) as { additionalProperties?: unknown };
  return { type: 'object', properties: Object.fromEntries(section.keys.map((k) => [k, whole.additionalProperties ?? {}])), definitions: bundle.definitions } as RJSFSchema;
}

const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
const behaviour = { emptyObjectFields: 'skipDefaults', arrayMinItems: { populate: 'never' }, allOf: 'skipDefaults', constAsDefaults: 'never', mergeDefaultsIntoFormData: 'useFormDataIfPresent' } as const;
const registry = getDefaultRegistry();

/** On a brand: the product's value, or the brand's (the file and pointer that set it) with the way back to the product's. */
function LayerMark({ place, onBack }: { place: FieldPlace; onBack(): void }) {
  if (place.kind === 'product') return <span className="layer product" title="inherited from the product: a change of the product's reaches this brand">product</span>;
  const what = place.kind === 'mixed' ? 'partly the brand\'s' : place.added ? 'the brand\'s (the product has none)' : 'the brand\'s';
  return (
    <span className={`layer ${place.kind}`}>
      <span className="layer-what">{what}</span> <span className="layer-at">{`${place.file ?? ''} ${place.at ?? ''}`}</span>{' '}
      <button type="button" className="back-button" onClick={onBack} title={`takes it out of ${place.file ?? 'the brand\'s file'}`}>
        {place.added ? 'remove it' : 'back to the product\'s value'}
      </button>
    </span>
  );
}

/** A field: its config key, the description, the widget, the problems there, and where-used when the key has an answer. */
function FieldTemplate(props: FieldTemplateProps<unknown, RJSFSchema, StudioContext>) {
  const { id, children, rawErrors, rawDescription, fieldPathId, hidden, registry: reg, required } = props;
  const ctx = reg.formContext;
  if (hidden) return <div hidden>{children}</div>;
  const sub = fieldPathId.path;
  const problems = rawErrors ?? [];
  const list = problems.length ? (
    <ul className="problems" data-field={ctx.pointer(sub)}>
      {problems.map((e, i) => (
        <li key={i} className={e.startsWith('warning: ') ? 'warning' : 'error'}>
          {e}
        </li>
      ))}
    </ul>
  ) : null;
  const place = ctx.place(sub);
  const mark = place ? <LayerMark place={place} onBack={() => ctx.back(sub)} /> : null;
  if (!sub.length) {
    return (
      <div className="field root" data-layer={place?.kind}>
        {place && place.kind !== 'product' ? <div className="field-head">{mark}</div> : null}
        {list}
        {children}
      </div>
    );
  }
  const key = sub[sub.length - 1];
  const where = ctx.whereKey(sub);
  return (
    <div className={`field${problems.some((e) => !e.startsWith('warning: ')) ? ' has-error' : ''}`} data-path={ctx.pointer(sub)} data-layer={place?.kind}>
      <div className="field-head">
        <label htmlFor={id} className="key">
          {typeof key === 'number' ? `[${key}]` : key}
          {required ? <span className="required"> *</span> : null}
        </label>
        {mark}
        {where ? (
          <button type="button" className="where-button" onClick={() => ctx.onWhere(where)} title={`npm run where -- ${where}`}>
            where used
          </button>
        ) : null}
      </div>
      {rawDescription ? <div className="description">{rawDescription}</div> : null}
      {children}
      {list}
    </div>
  );
}

/** An object's and a list's own title and description are left out: the field around them shows its key and description. */
const defaults = getDefaultRegistry().templates;
function ObjectFieldTemplate(props: ObjectFieldTemplateProps<unknown, RJSFSchema, StudioContext>) {
  return <defaults.ObjectFieldTemplate {...props} title="" description={undefined} />;
}
function ArrayFieldTemplate(props: ArrayFieldTemplateProps<unknown, RJSFSchema, StudioContext>) {
  return <defaults.ArrayFieldTemplate {...props} title="" />;
}

/** Buttons that say what they do (react-jsonschema-form's core draws Bootstrap glyphs this page has no font for). */
const textButton = (text: string, title: string, danger = false) =>
  function TextButton({ registry: _r, uiSchema: _u, iconType: _i, icon: _c, className, ...rest }: IconButtonProps<unknown, RJSFSchema, StudioContext>) {
    return (
      <button type="button" {...rest} title={title} aria-label={title} className={`small-button${danger ? ' danger' : ''}${className ? ` ${className}` : ''}`}>
        {text}
      </button>
    );
  };
const ButtonTemplates = {
  AddButton: textButton('+ add', 'add an entry'),
  CopyButton: textButton('copy', 'copy this entry'),
  MoveUpButton: textButton('↑', 'move up'),
  MoveDownButton: textButton('↓', 'move down'),
  RemoveButton: textButton('remove', 'remove this entry', true),
};

const templates = { FieldTemplate, ObjectFieldTemplate, ArrayFieldTemplate, ButtonTemplates };

export interface SectionFormProps {
  section: Section;
  bundle: Bundle;
  validator: ReturnType<typeof validatorFor>;
  value: unknown;
  /** the problems at their field (file: the file's name in its folder, app.json; path: the pointer of the merged view) */
  problems: readonly Problem[];
  /** how the heading names the file (screens.config/app.json; on a brand, app.json of brands/jinsha/ over screens.config/) */
  shownFile: string;
  context: PageContext;
  /** on a brand: where each value of the section comes from, by its pointer in the file */
  places?: Record<string, FieldPlace>;
  onChange(section: Section, value: unknown, field: string): void;
}

/** What the page gives every form: the StudioContext, with a brand's way back to the product's value by file and pointer. */
export type PageContext = Omit<StudioContext, 'pointer' | 'whereKey' | 'place' | 'back' | 'places'> & {
  backTo(file: string, pointer: string): void;
};

export const SectionForm = memo(function SectionForm({ section, bundle, validator, value, problems, shownFile, context, places, onChange }: SectionFormProps) {
  const schema = useMemo(() => sectionSchema(bundle, section), [bundle, section]);
  const formData = useMemo(() => (section.keys && value && typeof value === 'object' ? Object.fromEntries(section.keys.map((k) => [k, (value as Record<string, unknown>)[k]])) : value), [section.keys, value]);
  const extraErrors = useMemo(() => errorTree(problems, section.file, section.path), [problems, section.file, section.path]);
  const formContext = useMemo<StudioContext>(() => {
    const { backTo, ...rest } = context;
    const pointer = (sub: readonly Segment[]) => pointerOf([...section.path, ...sub]);
    return {
      ...rest,
      // data, not only a function: react-jsonschema-form draws a field again when its data changes
      places,
      pointer,
      whereKey: (sub: readonly Segment[]) => section.where?.(sub),
      place: (sub: readonly Segment[]) => places?.[pointer(sub)],
      back: (sub: readonly Segment[]) => backTo(section.file, pointer(sub)),
    };
  }, [context, section, places]);
  const change = (e: IChangeEvent, id?: string) => {
    const next = section.keys && value && typeof value === 'object' ? { ...(value as Record<string, unknown>), ...(e.formData as Record<string, unknown>) } : e.formData;
    onChange(section, next, `${section.file}#${section.path.join('/')}#${id ?? ''}`);
  };
  return (
    <section className="section" data-section={`${section.file} ${formContext.pointer([])}`}>
      <h3>
        {section.title} <span className="at">{`${shownFile} ${formContext.pointer([]) || '/'}`}</span>
      </h3>
      <Form
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
        widgets={{ ...registry.widgets, ...studioWidgets }}
        idPrefix={`f-${section.file.replace(/\W/g, '_')}-${section.path.join('_')}`}
      >
        <></>
      </Form>
    </section>
  );
});
