/**
 * Where the operator is: the place picked on the left, the part of it (an outline item), the
 * messages' search, and the field just opened. `go` opens the exact field a problem or a where-used
 * answer names: its place, the outline item holding it, then the field scrolled to the middle of the
 * screen, highlighted and focused (or, when that field is not drawn, the nearest one around it).
 */
import { useCallback, useEffect, useState } from 'react';
import { pointerOf } from '../../src/config/pointer';
import { segmentsOf } from '../json-edit';
import { itemOf, settingsSections, type OutlineItem, type Place } from './places';

export interface Navigation {
  placeId: string;
  itemId: string | null;
  search: string;
  focus: { file: string; pointer: string } | null;
  pick(placeId: string): void;
  pickItem(itemId: string): void;
  setSearch(s: string): void;
  go(file: string, pointer: string): void;
}

/** The field of a section of `file` at `pointer`, or the nearest drawn one above it. */
function fieldElement(file: string, pointer: string): HTMLElement | null {
  const segs = segmentsOf(pointer);
  for (let n = segs.length; n >= 0; n--) {
    const at = n ? pointerOf(segs.slice(0, n)) : '/';
    for (const section of document.querySelectorAll<HTMLElement>('[data-section]')) {
      if (!section.dataset.section?.startsWith(`${file} `)) continue;
      const el = section.querySelector<HTMLElement>(`[data-path="${CSS.escape(at)}"]`);
      if (el) return el;
    }
  }
  return null;
}

export function useNavigation(places: readonly Place[], outlineOf: (p: Place) => OutlineItem[]): Navigation {
  const [placeId, setPlaceId] = useState('constants');
  const [itemId, setItemId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [focus, setFocus] = useState<{ file: string; pointer: string; n: number } | null>(null);

  const pick = useCallback((id: string) => {
    setPlaceId(id);
    setItemId(null);
    setFocus(null);
  }, []);
  const go = useCallback(
    (file: string, pointer: string) => {
      const segs = segmentsOf(pointer);
      const holds = (p: Place) => p.file === file && (p.kind !== 'sections' || settingsSections(p.id).some((s) => s.path.every((x, i) => String(x) === segs[i])));
      const target = places.find(holds);
      if (!target) return;
      setPlaceId(target.id);
      setItemId(itemOf(outlineOf(target), file, pointer)?.id ?? null);
      if (target.kind === 'messages') setSearch(segs[1] ?? '');
      setFocus((f) => ({ file, pointer, n: (f?.n ?? 0) + 1 }));
    },
    [places, outlineOf],
  );
  // once the place is drawn: the field in the middle of the screen, focused
  useEffect(() => {
    if (!focus) return;
    const t = setTimeout(() => {
      const el = fieldElement(focus.file, focus.pointer);
      if (!el) return;
      el.scrollIntoView({ block: 'center' });
      el.querySelector<HTMLElement>('input, select, textarea, button')?.focus({ preventScroll: true });
    }, 50);
    return () => clearTimeout(t);
  }, [focus]);
  return { placeId, itemId, search, focus, pick, pickItem: setItemId, setSearch, go };
}
