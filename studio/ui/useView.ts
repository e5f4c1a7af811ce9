/**
 * The config as the forms show it for the brand looked at, and what an edit of a form makes of the
 * layers. On the product: its files with the product's edits. On a brand: the product's files with
 * the product's edits, the brand's overlay (its edits, else its file) merged over them, as
 * check:config merges them (src/config/overlay/unmerge.ts `Layered`); an edit is written into the
 * brand's overlay, never the product's files, and each field says whose value it shows.
 */
import { useCallback, useMemo, useRef } from 'react';
import { joinPointer, pointerOf, type Segment } from '../../src/config/pointer';
import { schemaCursor, type SchemaFileKind, type SchemaSource } from '../../src/config/overlay/schema-cursor';
import { Layered, newOverlay, Refusal } from '../../src/config/overlay/unmerge';
import type { Workspace } from './api';
import { edit, getIn, NO_EDITS, plain, setFile, setIn, viewOf, withLayer, type Layers } from './model';
import type { Section } from './places';
import { PRODUCT, type LayerDisk } from './useWorkspace';
import type { FieldPlace } from './widgets';

/** the schema of a config file, by its name in the folder */
const kindOf = (file: string): SchemaFileKind => (file === 'app.json' ? 'app' : file === 'messages.json' ? 'messages' : file === 'routes.json' ? 'routes' : file.startsWith('screens/') ? 'screen' : 'form');

const isEmpty = (v: unknown) => v === undefined || (typeof v === 'object' && v !== null && Object.keys(v).length === 0);

export interface View {
  /** every file the view has (the product's and, on a brand, the brand's own) */
  files: string[];
  /** a file as the forms show it */
  json(file: string): unknown;
  /** on a brand: whose value each field under `at` of a file shows, by its pointer */
  places(file: string, at: readonly Segment[]): Record<string, FieldPlace> | undefined;
  /** the layers after a form's new value of a section (undefined: no edit; a Refusal when the brand's file cannot take it) */
  changed(layers: Layers, section: Section, value: unknown): Layers | undefined;
  /** the layers with a brand's value at `pointer` taken out of its file */
  back(layers: Layers, file: string, pointer: string): Layers;
}

export function useView(ws: Workspace | undefined, brand: string, layers: Layers, disk: { product?: LayerDisk; top?: LayerDisk }): View {
  const source = useMemo((): SchemaSource | null => (ws ? { files: ws.layering.files, propsOf: (type) => ws.layering.props[type] } : null), [ws]);
  const format = ws?.layering.format ?? 1;
  const onBrand = brand !== PRODUCT;
  const productDisk = disk.product?.files;
  const topDisk = disk.top?.files;
  const cache = useRef(new Map<string, Layered>());

  /** a brand's file as layers (undefined: the product alone, or a file only the brand has) */
  const layeredIn = useCallback(
    (l: Layers, file: string): Layered | undefined => {
      if (!onBrand || !source || !productDisk || !topDisk) return undefined;
      const p = viewOf(l[PRODUCT] ?? NO_EDITS, productDisk, file);
      if (p === undefined) return undefined;
      const o = viewOf(l[brand] ?? NO_EDITS, topDisk, file) ?? newOverlay(format);
      const hit = cache.current.get(file);
      if (hit && hit.product === p && hit.overlay === o) return hit;
      const made = new Layered(p, o, schemaCursor(source, kindOf(file)));
      cache.current.set(file, made);
      return made;
    },
    [onBrand, source, productDisk, topDisk, brand, format],
  );

  return useMemo((): View => {
    const own = (l: Layers, file: string) => viewOf(l[brand] ?? NO_EDITS, topDisk ?? {}, file);
    const setOverlay = (l: Layers, file: string, next: unknown) => withLayer(l, brand, setFile(l[brand] ?? NO_EDITS, topDisk ?? {}, file, next, format));
    return {
      files: [...new Set([...Object.keys(productDisk ?? {}), ...Object.keys(topDisk ?? {})])].sort(),
      json: (file) => layeredIn(layers, file)?.value ?? own(layers, file),
      places(file, at) {
        const l = layeredIn(layers, file);
        if (!l || !disk.top) return undefined;
        const out: Record<string, FieldPlace> = {};
        const walk = (v: unknown, pointer: string) => {
          out[pointer] = { ...l.placeOf(pointer), file: `${disk.top!.folder}/${file}` };
          if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${pointer}/${i}`));
          else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, joinPointer(pointer, k));
        };
        walk(getIn(l.value, at), pointerOf(at));
        return out;
      },
      changed(l, section, value) {
        const layered = layeredIn(l, section.file);
        const before = getIn(layered ? layered.value : own(l, section.file), section.path);
        // a form drawing an absent part (a node's props, its when) answers with an empty value: not an edit
        if (before === undefined && isEmpty(value)) return undefined;
        if (layered) return setOverlay(l, section.file, layered.overlayFor(plain(setIn(layered.value, section.path, plain(value)))).overlay);
        return withLayer(l, brand, edit(l[brand] ?? NO_EDITS, topDisk ?? {}, section.file, section.path, value));
      },
      back(l, file, pointer) {
        const layered = layeredIn(l, file);
        return layered ? setOverlay(l, file, layered.backToProduct(pointer)) : l;
      },
    };
  }, [layeredIn, layers, brand, topDisk, productDisk, disk.top, format]);
}

export { Refusal };
