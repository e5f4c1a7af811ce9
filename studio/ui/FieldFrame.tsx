/**
 * What surrounds each field of a form: its config key (never translated: it is what the file says),
 * whose value it is on a brand, "where used", the schema's help in the operator's language, the
 * field, the problems of check:config there, what the backend decides there, and the answer of
 * "where used" right under the field that asked (not at the top of the column).
 */
import type { ArrayFieldTemplateProps, FieldTemplateProps, IconButtonProps, ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';
import { createContext, useContext } from 'react';
import { BackendNoteView } from './BackendNote';
import { usePage } from './page';
import { WherePanel } from './WherePanel';
import type { FieldPlace, StudioContext } from './widgets';
import { useWords, type Words } from './words';

/** On a brand: the product's value, or the brand's (the file and pointer that set it) with the way back to the product's. */
function LayerMark({ place, onBack }: { place: FieldPlace; onBack(): void }) {
  const w = useWords();
  if (place.kind === 'product') return <span className="layer product" title={w.layer.productTitle}>{w.layer.product}</span>;
  const what = place.kind === 'mixed' ? w.layer.mixed : place.added ? w.layer.added : w.layer.brand;
  return (
    <span className={`layer ${place.kind}`}>
      <span className="layer-what">{what}</span> <span className="layer-at">{`${place.file ?? ''} ${place.at ?? ''}`}</span>{' '}
      <button type="button" className="back-button" onClick={onBack} title={w.layer.backTitle(place.file ?? '')}>
        {place.added ? w.layer.remove : w.layer.back}
      </button>
    </span>
  );
}

function Problems({ list, pointer }: { list: string[]; pointer: string }) {
  const w = useWords();
  if (!list.length) return null;
  return (
    <ul className="problems" data-field={pointer}>
      {list.map((e, i) => (
        <li key={i} className={e.startsWith(w.problems.warning) ? 'warning' : 'error'}>
          {e}
        </li>
      ))}
    </ul>
  );
}

/**
 * The pointer of the field drawn around this one: the option a value of several kinds is drawn with
 * (a number or a binding) comes inside the field of the same place, which alone shows its key,
 * problems and notes.
 */
const Around = createContext<string | null>(null);

export function FieldTemplate(props: FieldTemplateProps<unknown, RJSFSchema, StudioContext>) {
  const { id, children, rawErrors, rawDescription, fieldPathId, hidden, registry, required } = props;
  const ctx = registry.formContext;
  const page = usePage();
  const w = useWords();
  const around = useContext(Around);
  if (hidden) return <div hidden>{children}</div>;
  const sub = fieldPathId.path;
  const pointer = ctx.pointer(sub);
  if (around === pointer) return <>{children}</>;
  const problems = rawErrors ?? [];
  const place = ctx.place(sub);
  // (the page's, not the form's: react-jsonschema-form keeps the functions of its formContext as they first came)
  const mark = place ? <LayerMark place={place} onBack={() => page.backTo(ctx.file, pointer)} /> : null;
  if (!sub.length) {
    return (
      <div className="field root" data-path={pointer || '/'} data-layer={place?.kind}>
        {place && place.kind !== 'product' ? <div className="field-head">{mark}</div> : null}
        <Problems list={problems} pointer={pointer} />
        {children}
      </div>
    );
  }
  const key = sub[sub.length - 1];
  const whereKey = ctx.whereKey(sub);
  const focused = page.focus?.file === ctx.file && page.focus.pointer === pointer;
  const whereHere = page.where?.file === ctx.file && page.where.pointer === pointer;
  const backend = page.backendAt(ctx.file, pointer);
  return (
    <div className={`field${problems.some((e) => !e.startsWith(w.problems.warning)) ? ' has-error' : ''}${focused ? ' focused' : ''}`} data-path={pointer} data-layer={place?.kind}>
      <div className="field-head">
        <label htmlFor={id} className="key">
          {typeof key === 'number' ? `[${key}]` : key}
          {required ? <span className="required" title={w.required}> *</span> : null}
        </label>
        {mark}
        {whereKey ? (
          <button type="button" className="where-button" aria-expanded={whereHere} onClick={() => page.askWhere(whereHere ? null : { key: whereKey, file: ctx.file, pointer })} title={w.whereTitle(whereKey)}>
            {w.whereButton}
          </button>
        ) : null}
      </div>
      {rawDescription ? <div className="description">{rawDescription}</div> : null}
      <Around.Provider value={pointer}>{children}</Around.Provider>
      <Problems list={problems} pointer={pointer} />
      {backend ? <BackendNoteView note={backend} /> : null}
      {whereHere && page.where ? <WherePanel ask={page.where} /> : null}
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

type ButtonWord = 'add' | 'copy' | 'up' | 'down' | 'remove';
/** Buttons that say what they do, in the operator's words (react-jsonschema-form's core draws Bootstrap glyphs this page has no font for). */
const textButton = (word: ButtonWord, danger = false) =>
  function TextButton({ registry: _r, uiSchema: _u, iconType: _i, icon: _c, className, ...rest }: IconButtonProps<unknown, RJSFSchema, StudioContext>) {
    const w: Words = useWords();
    const title = w.buttons[`${word}Title`];
    return (
      <button type="button" {...rest} title={title} aria-label={title} className={`small-button${danger ? ' danger' : ''}${className ? ` ${className}` : ''}`}>
        {w.buttons[word]}
      </button>
    );
  };
const ButtonTemplates = {
  AddButton: textButton('add'),
  CopyButton: textButton('copy'),
  MoveUpButton: textButton('up'),
  MoveDownButton: textButton('down'),
  RemoveButton: textButton('remove', true),
};

export const templates = { FieldTemplate, ObjectFieldTemplate, ArrayFieldTemplate, ButtonTemplates };
