/**
 * What every check function receives and passes on: the run (run.ts makes it), the place being
 * checked (scope.ts makes it), the shape of a value (shapes.ts reads it). Types only, at the bottom
 * of the checks: every check imports them from here, so no check imports another's module for a type.
 */
import type { ValidateFunction } from 'ajv';
import type { ConfigBundle, Problem, SchemaSet, WidgetSchemas } from './types.ts';
import type { At, JsonObject } from './util.ts';
import type { Said } from '../words/said.ts';

export type FileKind = 'app' | 'messages' | 'routes' | 'screen' | 'form';

export interface Validators {
  files: Record<FileKind, ValidateFunction>;
  /** widget type -> validator of its props (a widget whose schema does not compile is left out and named in `setup`) */
  widgets: Map<string, ValidateFunction>;
  /** the action types of common.schema.json */
  actionTypes: string[];
  /** problems of the schemas themselves, reported with every check */
  setup: Problem[];
}

export type Schema = {
  type?: string | readonly string[];
  properties?: Readonly<Record<string, Schema>>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: readonly Schema[];
  oneOf?: readonly Schema[];
};

/** A value's schema, and what it is in an operator's words (for the message). */
export interface Shape {
  schema: Schema;
  /** where its values come from, as a message names it (`the user entity (src/api/replies.ts user)`, `an entry of data.banks, …`) */
  origin: Said;
}

export interface ScreenInfo {
  /** data sources (screen data): what data.X and reload may name */
  sources: Set<string>;
  /** the paged ones: what a PagedList may show */
  paged: Set<string>;
  dataNames: Set<string>;
  /** keys declared in "state" */
  declared: Set<string>;
  /** keys some action or widget sets (setState, assign, stateKey) */
  set: Set<string>;
  /** keys read as state.X */
  read: Set<string>;
  /** per data source: its call (null when the screens hosting a form call different endpoints under one name) */
  calls: Record<string, { endpoint: string; paged: boolean; path?: string } | null>;
}

/** One place being checked: its file, the names in scope there, its screen. */
export interface Ctx {
  file: string;
  /** names in scope beyond BASE_ROOTS */
  roots: Set<string>;
  /** the screen (or the screens hosting a form): undefined where there is none (app.json, routes.json) */
  screen?: ScreenInfo;
  /** actions run by the shell, outside any screen (app.json topBar): where, for the message */
  shell?: string;
  /** the shape of local names whose value is known (`item` in a list of a data source); a local name without one is not checked */
  shapes?: Record<string, Shape | undefined>;
  /** a screen's "state" (initial values), for the keys that must start at a tab or filter choice (keys.ts) */
  state?: JsonObject;
}

/** What is compiled once per checker and shared by every run. */
export interface Compiled {
  schemas: SchemaSet;
  widgets: WidgetSchemas;
  validators: Validators;
  widgetTypes: string[];
  endpointSet: Set<string>;
  filterNames: string[];
  iconNames: string[];
  /** the shapes of what the session keeps (user, app, venues, games) */
  sessionShapes: Record<string, Shape>;
  /** results per file, remembered by the identity of the parsed JSON (see `once`) */
  memo: WeakMap<object, Map<string, { deps: unknown[]; problems: Problem[]; result: unknown }>>;
}

export interface Run extends Compiled {
  bundle: ConfigBundle;
  problems: Problem[];
  /** a problem; `also`: other places of the same file it is about (Problem.also) */
  add(file: string, at: At | string, message: Said, also?: (At | string)[]): void;
  /** a warning: printed apart, does not fail the check (a literal limit in a text, checks/literals.ts) */
  warn(file: string, at: At | string, message: Said): void;
  /** "file /path" of a place, as a message cites another place (a brand's: the layer that set it) */
  shown(file: string, at: At | string): string;
  /** runs `work` for one file unless the same file with the same dependencies was checked before */
  once<T>(json: unknown, part: string, deps: unknown[], work: () => T): T;
  /** which files passed schema validation (the reference checks read only those) */
  ok: { app: boolean; messages: boolean; routes: boolean; screens: Record<string, boolean>; forms: Record<string, boolean> };
  /** app.json when valid, and its parts */
  app?: JsonObject;
  constants?: JsonObject;
  maps?: JsonObject;
  patterns?: JsonObject;
  /** messages.json's messages when valid */
  messages?: JsonObject;
  /** the paths of routes.json when valid: what a `to` may name */
  routePaths?: Set<string>;
  /** the valid screens: what each declares, the forms it shows, and the screens showing each form */
  infos: Record<string, ScreenInfo>;
  hostedBy: Record<string, string[]>;
  hosts: Record<string, string[]>;
}
