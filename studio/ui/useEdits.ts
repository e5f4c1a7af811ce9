/**
 * The operator's edits with undo and redo: every layer's (the product's, each brand's) in one
 * history, so that picking another brand keeps them all and an undo goes back across them. Kept in
 * localStorage under the product's folder as they change; what a reload left there is offered back
 * (until the operator restores or discards it, nothing new is kept over it). Ctrl+Z and
 * Ctrl+Shift+Z (or Ctrl+Y) walk the history.
 */
import { useCallback, useEffect, useReducer, useState } from 'react';
import { keep, newHistory, NO_LAYERS, readSaved, record, redo, storageKey, undo, type History, type Layers, type Saved } from './model';

type Step = { kind: 'edit'; next: (l: Layers) => Layers; key: string; at: number } | { kind: 'undo' } | { kind: 'redo' } | { kind: 'reset'; to: Layers };

function step(h: History, s: Step): History {
  if (s.kind === 'undo') return undo(h);
  if (s.kind === 'redo') return redo(h);
  if (s.kind === 'reset') return newHistory(s.to);
  return record(h, s.next(h.present), s.key, s.at);
}

export interface EditsState {
  layers: Layers;
  canUndo: boolean;
  canRedo: boolean;
  /** an edit: the layers made from the present ones; `key` names the field (typing on into it is one step) */
  apply(next: (l: Layers) => Layers, key: string): void;
  undo(): void;
  redo(): void;
  /** a fresh history (after a save: the layers as saved, no edit) */
  reset(to?: Layers): void;
  /** the edits a reload left in localStorage, until restored or discarded */
  offer: Saved | null;
  restore(): void;
  discard(): void;
}

export function useEdits(productFolder: string | undefined): EditsState {
  const [history, dispatch] = useReducer(step, NO_LAYERS, newHistory);
  const [offer, setOffer] = useState<Saved | null>(null);
  const key = productFolder === undefined ? undefined : storageKey(productFolder);

  // what a reload left behind, once the folder is known
  useEffect(() => {
    if (key) setOffer(readSaved(localStorage, key));
  }, [key]);
  // every change kept (not over an offer still open: it would be lost)
  useEffect(() => {
    if (key && !offer) keep(localStorage, key, history.present);
  }, [key, offer, history.present]);

  useEffect(() => {
    const keys = (ev: KeyboardEvent) => {
      if (!(ev.ctrlKey || ev.metaKey) || ev.altKey) return;
      const k = ev.key.toLowerCase();
      if (k === 'z' && !ev.shiftKey) dispatch({ kind: 'undo' });
      else if ((k === 'z' && ev.shiftKey) || k === 'y') dispatch({ kind: 'redo' });
      else return;
      ev.preventDefault();
    };
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  }, []);

  const apply = useCallback((next: (l: Layers) => Layers, field: string) => dispatch({ kind: 'edit', next, key: field, at: Date.now() }), []);
  return {
    layers: history.present,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    apply,
    undo: useCallback(() => dispatch({ kind: 'undo' }), []),
    redo: useCallback(() => dispatch({ kind: 'redo' }), []),
    reset: useCallback((to: Layers = NO_LAYERS) => dispatch({ kind: 'reset', to }), []),
    offer,
    restore: () => {
      if (offer) dispatch({ kind: 'reset', to: offer.layers });
      setOffer(null);
    },
    discard: () => {
      if (key) localStorage.removeItem(key);
      setOffer(null);
    },
  };
}
