/**
 * Fields where a text box is clumsy, chosen by the schema's `x-studio` mark (studio/schemas.ts) or
 * by the value:
 *   - a message key (`@withdraw.min`) with the message's text under it, its bindings filled in as
 *     the app shows them (a rule's message with the rule's own bounds);
 *   - a text with bindings ("单笔最低{{const.withdrawMin}}元") with what it shows beside it;
 *   - a colour (theme.primary) with a picker and its contrast with the text drawn on it, by the same
 *     functions as the check's warning (src/config/brand.ts, checks/contrast.ts);
 *   - an icon by its picture (the outlines the app draws, src/engine/icon-paths.gen.ts);
 *   - a route by its title (routes.json).
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { contrastRatio, themeVars } from '../../src/config/brand';
import { MIN_CONTRAST } from '../../src/config/checks/contrast';
import { ICON_SOURCES } from '../../src/engine/icon-names';
import { ICON_PATHS, VIEWBOX } from '../../src/engine/icon-paths.gen';
import type { Segment } from '../json-edit';
import type { Place } from '../../src/config/overlay/unmerge';
import { fillText, hasBindings } from './fill';
import { usePage } from './page';
import { useWords } from './words';

/** A field's place on a brand: where its value comes from, the file that sets it. */
export interface FieldPlace extends Place {
  /** the brand's file (brands/jinsha/app.json) */
  file?: string;
}

/** What a section's form gives each of its fields (react-jsonschema-form's formContext). */
export interface StudioContext {
  /** the file the form edits (app.json, forms/login.json) */
  file: string;
  /** the JSON Pointer in the file of a field of this form */
  pointer(sub: readonly Segment[]): string;
  /** the `npm run where` key of a field of this form, if it has one */
  whereKey(sub: readonly Segment[]): string | undefined;
  /** on a brand: where each value of this form comes from, by its pointer in the file */
  places?: Record<string, FieldPlace>;
  /** on a brand: where a field's value comes from (none: the product is edited alone) */
  place(sub: readonly Segment[]): FieldPlace | undefined;
  /** a form's fields (for its rules: the field a rule checks is picked by its label) */
  formFields: { name: string; label: string }[];
}

type Props = WidgetProps<unknown, RJSFSchema, StudioContext>;
const base = getDefaultRegistry().widgets;
const mark = (schema: RJSFSchema) => (schema as { 'x-studio'?: string })['x-studio'];

const MESSAGE_KEY = /^@([a-zA-Z][\w.]*)$/;

/**
 * A text as the app shows it: a message key's message, and any text's bindings filled in from the
 * config (and `fill`: a rule's own bounds for its message's {{min}} and {{max}}), beside the template.
 */
export function ShownText({ value, fill }: { value: unknown; fill?: Record<string, unknown> }) {
  const page = usePage();
  const w = useWords();
  if (typeof value !== 'string') return null;
  const key = MESSAGE_KEY.exec(value)?.[1];
  const template = key ? page.messages[key] : value;
  if (key && template === undefined) return <div className="message-text"><span className="missing">{w.message.missing(value)}</span></div>;
  // a text with no binding says what it says; one that reads the backend's data says so itself (BackendNote)
  if (!key && (!hasBindings(value) || /\{\{\s*data[.[]/.test(value))) return null;
  const shown = fillText(template, { ...page.scope, ...fill });
  return (
    <div className="message-text">
      {key ? <span className="template">{w.message.template}：“{template}”</span> : null}
      {shown.filled || !key ? <span className="quote">{w.message.filled}：“{shown.text}”</span> : null}
      {key ? (
        <button type="button" className="link" onClick={() => page.openMessage(key)}>
          {w.message.edit}
        </button>
      ) : null}
    </div>
  );
}

function RouteTitle({ value }: { value: unknown }) {
  const page = usePage();
  const w = useWords();
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  const route = page.routes.find((r) => r.path.toLowerCase() === value.split('?')[0].toLowerCase());
  return <div className="route-title">{route ? w.route.to(route.title, route.path) : w.route.none(value.split('?')[0])}</div>;
}

const ratio = (r: number) => `${(Math.floor(r * 100) / 100).toFixed(2)}:1`;

function ColourWidget(props: Props) {
  const w = useWords();
  const value = typeof props.value === 'string' ? props.value : '';
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  // the check's contrast is theme.primary's (checks/contrast.ts): the text drawn on it, and it drawn as text on its tint
  const pairs = valid && props.name === 'primary'
    ? [
        { what: w.colour.onWhite, r: contrastRatio(value, '#ffffff') },
        { what: w.colour.asText, r: contrastRatio(value, themeVars({ primary: value })['--primary-soft']) },
      ]
    : [];
  return (
    <div className="colour">
      <div className="colour-row">
        <input type="color" aria-label={w.colour.picker(props.label)} value={valid ? value : '#000000'} onChange={(e) => props.onChange(e.target.value)} disabled={props.disabled || props.readonly} />
        <base.TextWidget {...props} />
        <span className="swatch" style={{ background: valid ? value : 'transparent' }}>
          Aa
        </span>
      </div>
      {pairs.length ? (
        <div className="contrast">
          {pairs.map((p) => (
            <span key={p.what} className={p.r >= MIN_CONTRAST ? 'pass' : 'fail'}>
              {ratio(p.r)} {p.what} {p.r >= MIN_CONTRAST ? '✓' : w.colour.below(MIN_CONTRAST)}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function Icon({ name }: { name: string }) {
  const source = (ICON_SOURCES as Record<string, string>)[name];
  const paths = source ? ICON_PATHS[source] : undefined;
  return (
    <svg viewBox={VIEWBOX} width="22" height="22" aria-hidden="true">
      {(paths ?? []).map(([d, evenOdd], i) => (
        <path key={i} d={d} fillRule={evenOdd ? 'evenodd' : undefined} fill="currentColor" />
      ))}
    </svg>
  );
}

function IconWidget(props: Props) {
  const names = (props.options.enumOptions ?? []).map((o) => String(o.value));
  return (
    <div className="icons" role="radiogroup" aria-label={props.label}>
      {names.map((n) => (
        <button key={n} type="button" role="radio" aria-checked={props.value === n} className={props.value === n ? 'icon on' : 'icon'} title={n} onClick={() => props.onChange(n)} disabled={props.disabled || props.readonly}>
          <Icon name={n} />
          <span>{n}</span>
        </button>
      ))}
    </div>
  );
}

function TextWidget(props: Props) {
  const kind = mark(props.schema);
  if (kind === 'colour') return <ColourWidget {...props} />;
  if (kind !== 'route') {
    return (
      <div className="text">
        <base.TextWidget {...props} />
        <ShownText value={props.value} fill={props.options.fill as Record<string, unknown> | undefined} />
      </div>
    );
  }
  return <RouteWidget {...props} />;
}

function RouteWidget(props: Props) {
  const page = usePage();
  const listId = `${props.id}-routes`;
  return (
    <div className="text">
      <input
        id={props.id}
        name={props.htmlName ?? props.id}
        className="form-control"
        list={listId}
        value={typeof props.value === 'string' ? props.value : ''}
        disabled={props.disabled || props.readonly}
        onChange={(e) => props.onChange(e.target.value === '' ? props.options.emptyValue : e.target.value)}
        onBlur={(e) => props.onBlur(props.id, e.target.value)}
        onFocus={(e) => props.onFocus(props.id, e.target.value)}
      />
      <datalist id={listId}>
        {page.routes.map((r) => (
          <option key={r.path} value={r.path}>
            {r.title}
          </option>
        ))}
      </datalist>
      <RouteTitle value={props.value} />
    </div>
  );
}

function SelectWidget(props: Props) {
  if (mark(props.schema) === 'icon') return <IconWidget {...props} />;
  return <base.SelectWidget {...props} />;
}

export const studioWidgets = { TextWidget, SelectWidget };
