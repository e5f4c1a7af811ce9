/**
 * What every part of the page may ask of it, deep inside a form too (a field's where-used, the
 * backend's answer at a field, a place to open): one React context, given by App.
 */
import { createContext, useContext } from 'react';
import type { Scope } from '../../src/engine/bindings';
import type { LayersBody } from './api';
import type { BackendRead } from './backend';
import type { Names } from './names';

/** where-used asked for a key at a field (the file and pointer it was asked at) */
export interface WhereAsk {
  key: string;
  file: string;
  pointer: string;
}

/** What the backend decides at a field: the reads, and the mock's answers by call (callKey) */
export interface BackendNote {
  reads: { file: string; pointer: string; read: BackendRead }[];
  answers: ReadonlyMap<string, { data: unknown } | { error: string }> | undefined;
}

export interface Page {
  brand: string;
  layers: LayersBody;
  names: Names;
  /** what texts are filled from (constants, brand, maps) */
  scope: Scope;
  messages: Record<string, string>;
  routes: { path: string; title: string }[];
  where: WhereAsk | null;
  askWhere(ask: WhereAsk | null): void;
  /** opens a place: its file's place, the outline item holding it, the field scrolled into view */
  go(file: string, pointer: string): void;
  /** the field just opened (highlighted) */
  focus: { file: string; pointer: string } | null;
  /** shows a route on the phone */
  show(route: string): void;
  openMessage(key: string): void;
  /** on a brand: the brand's value at a place of a file taken out of its file (the product's shows again) */
  backTo(file: string, pointer: string): void;
  /** what the backend decides at a place of a file (undefined: nothing) */
  backendAt(file: string, pointer: string): BackendNote | undefined;
}

export const PageContext = createContext<Page | null>(null);

export function usePage(): Page {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage outside the studio page');
  return page;
}
