/**
 * The studio's page: pick a brand and a place, edit it in forms made from the config's schemas with
 * every problem of check:config at its field, see the real app beside it at phone size, ask where a
 * value is used, undo and redo, review and save. It puts together the parts, each with its own
 * state: what is read from the studio (useWorkspace), the edits with undo (useEdits), the config as
 * the forms show it (useView), where the operator is (useNavigation), the preview (Preview) and the
 * review (Review). The edits of the product and of every brand live together until saved: another
 * brand keeps them, the review lists them all, one save writes them all or none.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Problem } from '../../src/config/check';
import { jsonChanges } from '../json-edit';
import type { FieldProblem } from '../studio';
import { errorText, type SaveAnswer } from './api';
import { Conflict, Notice, Offer, PlacesNav, TopBar } from './Bars';
import { Editor } from './Editor';
import { scopeOf } from './fill';
import { concerns, drop, getIn, layersBody, layersCount, NO_EDITS, rebase, withLayer } from './model';
import { namesOf } from './names';
import { PageContext, type Page, type WhereAsk } from './page';
import { settingsSections, type Place } from './places';
import { Preview } from './Preview';
import { Review } from './Review';
import { localized, validatorFor } from './SectionForm';
import { useBackend } from './useBackend';
import { useEdits } from './useEdits';
import { useChanges } from './useChanges';
import { usePlace } from './usePlace';
import { useView } from './useView';
import { PRODUCT, useDisk, useDraft, useWorkspace } from './useWorkspace';
import { useWords, type Lang } from './words';

/** A problem at the field it belongs to (the server's `field`: the file's name in its folder, the pointer of the merged view). */
const atField = (problems: readonly FieldProblem[]): Problem[] => problems.flatMap((p) => (p.field ? [{ ...p, file: p.field.file, path: p.field.path, ...(p.field.also ? { also: p.field.also } : {}) }] : []));

export function App({ lang, setLang }: { lang: Lang; setLang(l: Lang): void }) {
  const w = useWords();
  const client = useQueryClient();
  const ws = useWorkspace();
  const [brand, setBrand] = useState(PRODUCT);
  const disk = useDisk(brand);
  const edits = useEdits(disk.product?.folder);
  const draft = useDraft(brand, edits.layers, disk);
  const view = useView(ws, brand, edits.layers, disk);
  const [where, setWhere] = useState<WhereAsk | null>(null);
  const [show, setShow] = useState<{ route: string; n: number } | null>(null);
  const [reviewOpen, setReviewOpen] = useState(false);

  const bundle = useMemo(() => ws && localized(ws.schemas, w), [ws, w]);
  const validator = useMemo(() => ws && validatorFor(ws.schemas.draft), [ws]);
  const appJson = view.json('app.json');
  const scope = useMemo(() => scopeOf(appJson), [appJson]);
  const names = useMemo(() => namesOf(view.json, view.files, w, scope), [view, w, scope]);
  const { places, routeList, nav, place, outline, sections, messages, previewRoutes } = usePlace(view, w, scope, names);
  const problems = draft.answer?.problems ?? [];
  const fieldProblems = useMemo(() => atField(draft.answer?.problems ?? []), [draft.answer]);
  const backendAt = useBackend(brand, view, scope, draft.body, !!ws?.preview);
  const { apply } = edits;
  const { notice, setNotice, epoch, onChange, backTo } = useChanges(view, edits.layers, apply, w);

  /** Another brand: every edit is kept; what was said about the last one (a save, where-used) goes. */
  const pickBrand = (id: string) => {
    setBrand(id);
    setNotice(null);
    setWhere(null);
    setShow(null);
  };
  const onSaved = async (a: Extract<SaveAnswer, { saved: true }>) => {
    setReviewOpen(false);
    // the files as saved first, then no edit: an edit made next starts from the saved text
    await client.invalidateQueries({ queryKey: ['files'] });
    edits.reset();
    const who = (id: string) => (id === PRODUCT ? w.brand.product : w.brand.one(ws?.brands.find((b) => b.id === id)?.name ?? id, id));
    setNotice({ text: `${w.saved(a.written.join(', '))} ${w.checkedAll(a.checked.map((u) => w.checkedUnit(who(u.brand), u.errors, u.warnings)).join('；'))}`, bad: a.checked.some((u) => u.errors > 0) });
  };
  const resolve = async (layer: string, file: string, how: 'rebase' | 'drop') => {
    await client.invalidateQueries({ queryKey: ['files', layer] });
    const now = client.getQueryData<{ files: Record<string, { text: string; hash: string; json: unknown }> }>(['files', layer]);
    apply((l) => withLayer(l, layer, how === 'drop' || !now?.files[file] ? drop(l[layer] ?? NO_EDITS, file) : rebase(l[layer] ?? NO_EDITS, file, now.files[file])), `conflict:${layer}:${file}`);
  };

  const layerName = useCallback((id: string) => (id === PRODUCT ? w.brand.product : w.brand.one(ws?.brands.find((b) => b.id === id)?.name ?? id, id)), [w, ws]);
  const shownFile = (file: string) => (disk.product && disk.top && brand !== PRODUCT ? w.brandView(file, disk.top.folder, disk.product.folder) : `${disk.top?.folder ?? ''}/${file}`);
  const formFields = useCallback((file: string) => (file.startsWith('forms/') ? ((getIn(view.json(file), ['fields']) ?? []) as { name: string; label?: string }[]).map((f) => ({ name: String(f.name), label: String(f.label ?? f.name) })) : []), [view]);
  const own = edits.layers[brand];
  const changedIn = (p: Place) => {
    const paths = own?.drafts[p.file] === undefined ? [] : jsonChanges(own.baseJson[p.file], own.drafts[p.file]).map((c) => c.path);
    return paths.length > 0 && (p.kind !== 'sections' || settingsSections(p.id).some((s) => paths.some((c) => s.path.every((seg, i) => String(c[i]) === String(seg)))));
  };
  const bad = (p: Place) => fieldProblems.some((x) => x.severity !== 'warning' && x.file === p.file && (p.kind !== 'sections' || settingsSections(p.id).some((s) => concerns(x, x.file, s.path))));

  const showRoute = useCallback((route: string) => setShow((s) => ({ route, n: (s?.n ?? 0) + 1 })), []);
  const openMessage = useCallback((key: string) => nav.go('messages.json', `/messages/${key}`), [nav]);
  const page = useMemo<Page>(
    () => ({ brand, layers: draft.body, names, scope, messages, routes: routeList, where, askWhere: setWhere, go: nav.go, focus: nav.focus, show: showRoute, openMessage, backendAt, backTo }),
    [brand, draft.body, names, scope, messages, routeList, where, nav.go, nav.focus, showRoute, openMessage, backendAt, backTo],
  );

  if (!ws || !bundle || !validator) return <div className="loading">{draft.error ? <p className="error">{errorText(w, draft.error)}</p> : w.loading}</div>;
  const conflicts = (draft.answer?.conflicts ?? []).filter((c) => c.file in (edits.layers[c.layer]?.drafts ?? {}));
  return (
    <PageContext.Provider value={page}>
      <div className="studio">
        <TopBar ws={ws} brand={brand} pickBrand={pickBrand} lang={lang} setLang={setLang} canUndo={edits.canUndo} canRedo={edits.canRedo} undo={edits.undo} redo={edits.redo} problems={problems} openProblem={(p) => p.field && nav.go(p.field.file, p.field.path)} changes={layersCount(edits.layers)} openReview={() => setReviewOpen(true)} />
        {edits.offer ? <Offer offer={edits.offer} shown={(layer, f) => `${ws.brands.find((b) => b.id === layer)?.folder ?? layer}/${f}`} restore={edits.restore} discard={edits.discard} /> : null}
        {conflicts.map((c) => (
          <Conflict key={`${c.layer}/${c.file}`} file={`${ws.brands.find((b) => b.id === c.layer)?.folder ?? c.layer}/${c.file}`} count={jsonChanges(edits.layers[c.layer]?.baseJson[c.file], edits.layers[c.layer]?.drafts[c.file]).length} keep={() => void resolve(c.layer, c.file, 'rebase')} drop={() => void resolve(c.layer, c.file, 'drop')} />
        ))}
        {notice ? <Notice text={notice.text} bad={notice.bad} close={() => setNotice(null)} /> : null}
        <div className="columns">
          <PlacesNav places={places} current={place?.id} bad={bad} edited={changedIn} pick={nav.pick} />
          <Editor place={place} outline={outline} sections={sections} nav={nav} view={view} bundle={bundle} validator={validator} problems={fieldProblems} shownFile={shownFile} formFields={formFields} epoch={`${brand}|${epoch}`} onChange={onChange} />
          {ws.preview ? <Preview origin={ws.preview.origin} brand={brand} network={ws.preview.network} routes={previewRoutes} show={show} queries={ws.queries} titleOf={(p) => names.file(`screens/${routeList.find((r) => r.path === p)?.screen ?? ''}.json`)} /> : <aside className="preview">{w.preview.none}</aside>}
        </div>
        {reviewOpen ? <Review layers={layersBody(edits.layers)} layerName={layerName} onClose={() => setReviewOpen(false)} onSaved={(a) => void onSaved(a)} /> : null}
      </div>
    </PageContext.Provider>
  );
}
