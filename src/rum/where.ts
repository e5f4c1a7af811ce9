/**
 * Which config node a part of the page belongs to: the screen's or the form's file and, in it, the
 * widget node or the form field. Read from React's own records of the rendered tree (the fiber a DOM
 * element or a component carries) when it is asked, for an interaction's target or a boundary's
 * error: nothing is added to what a screen renders (no attribute on each widget, no component around
 * it), so the engine's hot path pays nothing for it.
 *
 * What it recognises, walking up from the element (the innermost wins):
 * - a form field: the form engine's row of a field (props `field` and `formName`, src/engine/form.tsx
 *   FieldRow), in the file of the form that renders it (ConfigForm: props `name` and `form`);
 * - the form's own parts (its submit button): that form's `submit`;
 * - a widget node: the `node` a widget and its `Node` (src/engine/screen.tsx) are rendered with, in
 *   the file the screen renders it from (render-error.tsx ConfigFile: a provider of `{ file, json }`).
 * The result holds references only; the JSON path is found later, off the tap's path (pathOf).
 *
 * A tap that leaves the screen makes React drop the fibers of the elements it removes, so the
 * interaction's node is read as the tap begins (src/rum/collect.ts), not when its timing is reported.
 */

import { isObject as isJsonObject } from '../config/json';

export interface Where {
  /** the config file: screens.config/screens/<name>.json or screens.config/forms/<name>.json */
  file: string;
  /** the file's document, and the node in it the part belongs to (the same object) */
  root: unknown;
  node: unknown;
  /** the widget's type, or the field's; `submit` for a form's own button */
  type: string;
}

interface Fiber {
  return: Fiber | null;
  memoizedProps: unknown;
}

type Props = Record<string, unknown>;

const FIBER_KEY = '__reactFiber$';
/** how far up a walk goes: a screen is a few hundred components deep at most */
const MAX_HOPS = 600;

const isObject = isJsonObject as (v: unknown) => v is Props;
const hasType = (v: unknown): v is { type: string } => isObject(v) && typeof v.type === 'string';

/** The fiber of the element (or of its nearest ancestor React rendered), or null. */
export function fiberOf(target: unknown): Fiber | null {
  let el = target as (Node & Props) | null;
  for (let i = 0; el && i < 30; i++, el = el.parentNode as (Node & Props) | null) {
    const keys = Object.keys(el);
    for (let k = 0; k < keys.length; k++) {
      if (keys[k].indexOf(FIBER_KEY) === 0) return el[keys[k]] as Fiber;
    }
  }
  return null;
}

/** The config node of a DOM element (an event's target), or null outside any (the shell's bars). */
export function whereOf(target: unknown): Where | null {
  return whereOfFiber(fiberOf(target));
}

/** The config node a mounted component belongs to (a class component: an error boundary). */
export function whereOfComponent(instance: unknown): Where | null {
  return whereOfFiber(isObject(instance) ? ((instance._reactInternals as Fiber | undefined) ?? null) : null);
}

export function whereOfFiber(start: Fiber | null): Where | null {
  let field: { type: string } | undefined;
  let node: { type: string } | undefined;
  let f = start;
  for (let hops = 0; f && hops < MAX_HOPS; hops++, f = f.return) {
    const p = f.memoizedProps;
    if (!isObject(p)) continue;
    if (!node) {
      if (!field && hasType(p.field) && typeof p.formName === 'string') field = p.field;
      else if (typeof p.name === 'string' && isObject(p.form) && Array.isArray(p.form.fields)) {
        const form = p.form;
        const own = field ?? (isObject(form.submit) ? form.submit : form);
        return { file: `screens.config/forms/${p.name}.json`, root: form, node: own, type: field ? field.type : 'submit' };
      } else if (!field && hasType(p.node)) node = p.node;
    } else if (isObject(p.value) && typeof p.value.file === 'string' && 'json' in p.value) {
      return { file: p.value.file, root: p.value.json, node, type: node.type };
    }
  }
  return null;
}
