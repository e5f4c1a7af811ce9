/**
 * What the middle column shows: the places an operator picks from, where the operator is
 * (useNavigation), the outline of the place picked and the sections of the part picked, and the
 * routes of the phone that show it (a screen's, a form's screen on its tab, a route's own).
 */
import { useCallback, useMemo } from 'react';
import type { Scope } from '../../src/engine/bindings';
import { fillText } from './fill';
import { getIn } from './model';
import type { Names } from './names';
import { formOutline, messageKeys, messagesSection, placesOf, routeSection, screenOutline, settingsSections, type OutlineItem, type Place, type Section } from './places';
import { useNavigation } from './useNavigation';
import type { View } from './useView';
import type { Words } from './words';

export function usePlace(view: View, w: Words, scope: Scope, names: Names) {
  const places = useMemo(() => placesOf(view.files, w, names), [view.files, w, names]);
  const routeList = useMemo(() => ((getIn(view.json('routes.json'), ['routes']) ?? []) as { path: string; title: string; screen?: string }[]).filter((r) => r && typeof r.path === 'string'), [view]);
  const outlineOf = useCallback(
    (p: Place): OutlineItem[] => {
      if (p.kind === 'screen') return screenOutline(p.file, view.json(p.file), w, scope);
      if (p.kind === 'form') return formOutline(p.file, view.json(p.file), w);
      if (p.kind === 'routes') return routeList.map((r, i) => ({ id: `/routes/${i}`, depth: 0, label: `${r.path}  ${fillText(String(r.title ?? ''), scope).text}`, sections: [routeSection(i, r.path, w)] }));
      return [];
    },
    [view, w, scope, routeList],
  );
  const nav = useNavigation(places, outlineOf);
  const place = places.find((p) => p.id === nav.placeId) ?? places[0];
  const outline = useMemo(() => (place ? outlineOf(place) : []), [place, outlineOf]);
  const messagesJson = view.json('messages.json');
  const messages = useMemo(() => (getIn(messagesJson, ['messages']) ?? {}) as Record<string, string>, [messagesJson]);
  const sections: Section[] = useMemo(() => {
    if (!place) return [];
    if (place.kind === 'sections') return settingsSections(place.id).map((s) => ({ ...s, title: w.appParts[s.title] ? `${w.appParts[s.title]}（${s.title}）` : s.title }));
    if (place.kind === 'messages') return [messagesSection(messageKeys(messages, nav.search), w)];
    return outline.find((o) => o.id === nav.itemId)?.sections ?? [];
  }, [place, messages, nav.search, nav.itemId, outline, w]);
  // the routes that show what is edited; none known (a constant before its where-used answer): the preview stays where it is
  const previewRoutes = useMemo((): string[] => {
    if (!place) return [];
    if (place.kind === 'screen' || place.kind === 'form') return names.routes(place.file, place.kind === 'screen' && nav.itemId?.startsWith('/') ? nav.itemId : '');
    if (place.kind === 'routes' && nav.itemId) return [String(getIn(view.json('routes.json'), [...nav.itemId.slice(1).split('/'), 'path']) ?? '')].filter(Boolean);
    return [];
  }, [place, names, nav.itemId, view]);
  return { places, routeList, nav, place, outline, sections, messages, previewRoutes };
}
