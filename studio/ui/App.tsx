/**
 * The studio's page (issue 37): pick a brand and a place, edit it in forms made from the config's
 * schemas with every problem of check:config at its field, see the real app beside it at phone size,
 * ask where a value is used, undo and redo, review and save. The edits live here (and in
 * localStorage, offered back after a reload); the server checks, previews, reviews and saves them.
 * On a brand the forms show its merged config (the brand merge, src/config/overlay/merge.ts, run
 * here on the product's files and the brand's drafts) and an edit is written into the brand's
 * overlay (src/config/overlay/unmerge.ts), never the product's files.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Problem } from '../../src/config/check';
import { errorsOf } from '../../src/config/checks/output';
import { schemaCursor, type SchemaFileKind, type SchemaSource } from '../../src/config/overlay/schema-cursor';
import { joinPointer, pointerOf, type Segment } from '../../src/config/pointer';
import { jsonChanges } from '../json-edit';
import { Layered, newOverlay, Refusal } from '../../src/config/overlay/unmerge';
import type { FieldProblem } from '../studio';
import { api, type DraftAnswer, type ReviewAnswer, type Workspace } from './api';
import { changeCount, concerns, drop, edit, getIn, keep, newHistory, plain, readSaved, rebase, record, redo, setFile, setIn, storageKey, undo, viewOf, type DiskFile, type Edits, type History, type Saved } from './model';
import { formOutline, messageKeys, messagesSection, placesOf, routeSection, screenOutline, SETTINGS, type OutlineItem, type Place, type Section } from './places';
import { Preview } from './Preview';
import { Review } from './Review';
import { SectionForm, validatorFor, type PageContext } from './SectionForm';
import type { FieldPlace } from './widgets';

const parseAll = (files: Record<string, { text: string; hash: string }>): Record<string, DiskFile> =>
  Object.fromEntries(
    Object.entries(files).map(([name, f]) => {
      let json: unknown;
      try {
        json = JSON.parse(f.text);
      } catch {
        json = undefined;
      }
      return [name, { ...f, json }];
    }),
  );

const isEmpty = (v: unknown) => v === undefined || (typeof v === 'object' && v !== null && Object.keys(v).length === 0);

/** the schema of a config file, by its name in the folder */
const kindOf = (file: string): SchemaFileKind => (file === 'app.json' ? 'app' : file === 'messages.json' ? 'messages' : file === 'routes.json' ? 'routes' : file.startsWith('screens/') ? 'screen' : 'form');

/** A problem at the field it belongs to (the server's `field`: the file's name in its folder, the pointer of the merged view). */
const atField = (problems: readonly FieldProblem[]): Problem[] => problems.flatMap((p) => (p.field ? [{ ...p, file: p.field.file, path: p.field.path, ...(p.field.also ? { also: p.field.also } : {}) }] : []));

export function App() {
  const [ws, setWs] = useState<Workspace | null>(null);
  const [brand, setBrand] = useState('product');
  const [folder, setFolder] = useState('');
  const [disk, setDisk] = useState<Record<string, DiskFile>>({});
  /** on a brand: the product's files and folder, under the brand's overlay */
  const [product, setProduct] = useState<{ folder: string; disk: Record<string, DiskFile> } | null>(null);
  /** a form drawn again from the model (after an edit the brand's file cannot take) */
  const [epoch, setEpoch] = useState(0);
  const [history, setHistory] = useState<History>(newHistory());
  const [answer, setAnswer] = useState<DraftAnswer | null>(null);
  const [placeId, setPlaceId] = useState('constants');
  const [itemId, setItemId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [where, setWhere] = useState<{ key: string; text: string; routes: string[] } | null>(null);
  const [review, setReview] = useState<ReviewAnswer | null>(null);
  const [saving, setSaving] = useState(false);
  const [offer, setOffer] = useState<Saved | null>(null);
  const [notice, setNotice] = useState<{ text: string; bad?: boolean } | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const edits = history.present;
  const editsRef = useRef(edits);
  editsRef.current = edits;
  const diskRef = useRef(disk);
  diskRef.current = disk;
  const productRef = useRef(product);
  productRef.current = product;
  const shownFile = useCallback((file: string) => `${folder}/${file}`, [folder]);

  const brandRef = useRef(brand);
  brandRef.current = brand;

  /** The brand's files; null when the operator picked another brand meanwhile (its files are not the ones on screen). */
  const loadFiles = useCallback(async (b: string) => {
    const r = await api.files(b);
    if (b !== brandRef.current) return null;
    setFolder(r.folder);
    const parsed = parseAll(r.files);
    setDisk(parsed);
    setProduct(r.product ? { folder: r.product.folder, disk: parseAll(r.product.files) } : null);
    return { folder: r.folder, disk: parsed };
  }, []);

  // the workspace, the brand's files, and the edits a reload left behind
  useEffect(() => {
    void (async () => {
      try {
        const w = await api.workspace();
        setWs(w);
        const loaded = await loadFiles(brand);
        if (!loaded) return;
        setHistory(newHistory());
        setOffer(readSaved(localStorage, storageKey(loaded.folder, brand)));
      } catch (err) {
        setNotice({ text: (err as Error).message, bad: true });
      }
    })();
  }, [brand, loadFiles]);

  const body = useCallback((e: Edits) => ({ brand, base: e.base, drafts: e.drafts }), [brand]);

  // every edit: checked, previewed, kept in localStorage (unless an offer of older edits is still open)
  useEffect(() => {
    if (!folder) return;
    if (!offer) keep(localStorage, storageKey(folder, brand), edits);
    let live = true;
    const t = setTimeout(() => {
      api.draft(body(edits)).then(
        (a) => live && setAnswer(a),
        (err: Error) => live && setNotice({ text: err.message, bad: true }),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [edits, folder, brand, body, offer]);

  // the files on disk, every few seconds: one changed without an edit is read again; with an edit it is a conflict (the answer says which)
  useEffect(() => {
    if (!folder) return;
    // an answer that comes after the operator picked another brand is the last brand's: dropped
    let live = true;
    const id = setInterval(() => {
      api.draft(body(editsRef.current)).then((a) => {
        if (!live) return;
        setAnswer(a);
        const d = diskRef.current;
        const p = productRef.current?.disk ?? {};
        if (Object.entries(a.disk).some(([n, h]) => d[n]?.hash !== h && !(n in editsRef.current.drafts)) || Object.entries(a.product ?? {}).some(([n, h]) => p[n]?.hash !== h)) void loadFiles(brand);
      }, () => undefined);
    }, 3000);
    return () => {
      live = false;
      clearInterval(id);
    };
  }, [folder, brand, body, loadFiles]);

  const apply = useCallback(
    (next: (e: Edits) => Edits, key: string) => setHistory((h) => record(h, next(h.present), key, Date.now())),
    [],
  );

  // a brand: each file of its merged view, the product's with the brand's overlay (draft or on disk) over it
  const source = useMemo((): SchemaSource | null => (ws ? { files: ws.layering.files, propsOf: (type) => ws.layering.props[type] } : null), [ws]);
  const format = ws?.layering.format ?? 1;
  const layers = useRef(new Map<string, Layered>());
  /**
   * The layers of a file of the brand with the edits `e` (undefined: the product alone, or a file
   * only the brand has), from the files as they are now (the refs: a form's callbacks are not drawn
   * again for a new closure, react-jsonschema-form compares them as equal).
   */
  const layeredOf = useCallback(
    (e: Edits, file: string): Layered | undefined => {
      const prod = productRef.current;
      const p = prod?.disk[file]?.json;
      if (!prod || !source || p === undefined) return undefined;
      const o = viewOf(e, diskRef.current, file) ?? newOverlay(format);
      const hit = layers.current.get(file);
      if (hit && hit.product === p && hit.overlay === o) return hit;
      const l = new Layered(p, o, schemaCursor(source, kindOf(file)));
      layers.current.set(file, l);
      return l;
    },
    [source, format],
  );
  /** an edit of the brand's file, from the edits as they are now; what its file cannot take is said, and the form drawn again */
  const editLayer = useCallback(
    (file: string, key: string, change: (l: Layered) => unknown) => {
      const e = editsRef.current;
      const l = layeredOf(e, file);
      if (!l) return;
      try {
        const next = setFile(e, diskRef.current, file, change(l), format);
        setHistory((h) => record(h, next, key, Date.now()));
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        setNotice({ text: `Not changed: ${err.message}`, bad: true });
        setEpoch((n) => n + 1);
      }
    },
    [layeredOf, format],
  );
  const onChange = useCallback(
    (section: Section, value: unknown, field: string) => {
      const l = layeredOf(editsRef.current, section.file);
      if (l) {
        // a form drawing an absent part (a node's props, its when) answers with an empty value: not an edit
        if (getIn(l.value, section.path) === undefined && isEmpty(value)) return;
        editLayer(section.file, field, (x) => x.overlayFor(plain(setIn(x.value, section.path, plain(value)))).overlay);
        return;
      }
      apply((e) => {
        const before = getIn(viewOf(e, disk, section.file), section.path);
        if (before === undefined && isEmpty(value)) return e;
        return edit(e, disk, section.file, section.path, value);
      }, field);
    },
    [apply, disk, layeredOf, editLayer],
  );
  const backTo = useCallback((file: string, pointer: string) => editLayer(file, `back:${file}${pointer}`, (l) => l.backToProduct(pointer)), [editLayer]);
  /** on a brand: where each value of a section comes from, by its pointer (data the forms compare, so a mark follows each edit) */
  const fieldPlaces = useCallback(
    (file: string, at: readonly Segment[]): Record<string, FieldPlace> | undefined => {
      const l = layeredOf(edits, file);
      if (!l) return undefined;
      const out: Record<string, FieldPlace> = {};
      const walk = (v: unknown, pointer: string) => {
        out[pointer] = { ...l.placeOf(pointer), file: shownFile(file) };
        if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${pointer}/${i}`));
        else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, joinPointer(pointer, k));
      };
      walk(getIn(l.value, at), pointerOf(at));
      return out;
    },
    [layeredOf, edits, shownFile],
  );

  useEffect(() => {
    const keys = (ev: KeyboardEvent) => {
      if (!(ev.ctrlKey || ev.metaKey) || ev.altKey) return;
      const k = ev.key.toLowerCase();
      if (k === 'z' && !ev.shiftKey) setHistory(undo);
      else if ((k === 'z' && ev.shiftKey) || k === 'y') setHistory(redo);
      else return;
      ev.preventDefault();
    };
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  }, []);

  const validator = useMemo(() => (ws ? validatorFor(ws.schemas.draft) : null), [ws]);
  const places = useMemo(() => placesOf([...new Set([...Object.keys(product?.disk ?? {}), ...Object.keys(disk)])].sort()), [disk, product]);
  const place: Place | undefined = places.find((p) => p.id === placeId) ?? places[0];
  const view = useCallback((file: string) => layeredOf(edits, file)?.value ?? viewOf(edits, disk, file), [edits, disk, layeredOf]);
  const messagesView = view('messages.json');
  const routesView = view('routes.json');
  const messages = useMemo(() => (getIn(messagesView, ['messages']) ?? {}) as Record<string, string>, [messagesView]);
  const routeList = useMemo(() => ((getIn(routesView, ['routes']) ?? []) as { path: string; title: string; screen: string }[]).filter((r) => r && typeof r.path === 'string'), [routesView]);
  const titleOf = useCallback((p: string) => routeList.find((r) => r.path === p)?.title ?? '', [routeList]);
  const problems: FieldProblem[] = answer?.problems ?? [];
  const fieldProblems = useMemo(() => atField(answer?.problems ?? []), [answer]);
  const errors = errorsOf(problems);
  /** a form's heading: the file, or on a brand its merged view */
  const sectionFile = (file: string) => (product ? `${file} of ${folder}/ over ${product.folder}/` : shownFile(file));
  const counts = changeCount(edits);
  /** a place with unsaved changes: its file, or for a part of app.json, a change under one of its sections */
  const changedPaths = useMemo(() => Object.fromEntries(Object.entries(edits.drafts).map(([f, d]) => [f, jsonChanges(edits.baseJson[f], d).map((c) => c.path)])), [edits]);
  const edited = (p: Place) => {
    const paths = changedPaths[p.file];
    if (!paths?.length) return false;
    if (p.kind !== 'sections') return true;
    return (SETTINGS.find((s) => s.id === p.id)?.sections ?? []).some((s) => paths.some((c) => s.path.every((seg, i) => String(c[i]) === String(seg))));
  };
  const changes = Object.values(counts).reduce((a, b) => a + b, 0);

  const askWhere = useCallback(
    (key: string) => {
      api.where({ ...body(editsRef.current), key }).then(
        (w) => setWhere({ key, text: w.text, routes: w.routes }),
        (err: Error) => setNotice({ text: err.message, bad: true }),
      );
    },
    [body],
  );
  const openMessage = useCallback((key: string) => {
    setPlaceId('messages');
    setSearch(key);
  }, []);
  const context = useMemo<PageContext>(
    () => ({
      messages,
      routes: routeList,
      onWhere: askWhere,
      openMessage,
      backTo,
    }),
    [messages, routeList, askWhere, openMessage, backTo],
  );

  // what the editor shows: the place's sections, or an outline and the sections of the picked item
  const outline: OutlineItem[] = useMemo(() => {
    if (!place) return [];
    if (place.kind === 'screen') return screenOutline(place.file, view(place.file));
    if (place.kind === 'form') return formOutline(place.file, view(place.file));
    if (place.kind === 'routes') return routeList.map((r, i) => ({ id: String(i), depth: 0, label: `${r.path}  ${r.title}`, sections: [routeSection(i)] }));
    return [];
  }, [place, view, routeList]);
  const sections: Section[] = useMemo(() => {
    if (!place) return [];
    if (place.kind === 'sections') return SETTINGS.find((s) => s.id === place.id)?.sections ?? [];
    if (place.kind === 'messages') return [messagesSection(messageKeys(messages, search))];
    return outline.find((o) => o.id === itemId)?.sections ?? [];
  }, [place, messages, search, outline, itemId]);
  // on a brand, whose value each field of the sections shows (drawn again after an edit, not after every answer)
  const sectionPlaces = useMemo(() => sections.map((s) => fieldPlaces(s.file, s.path)), [sections, fieldPlaces]);

  // the routes that show what is edited; none known (a constant before its where-used answer): the preview stays where it is
  const previewRoutes = useMemo((): string[] => {
    if (!place) return [];
    if (place.kind === 'screen') {
      const name = place.file.slice('screens/'.length, -'.json'.length);
      const r = routeList.filter((x) => x.screen === name).map((x) => x.path);
      if (r.length) return r;
    }
    if (place.kind === 'form' && answer?.routes[place.file]?.length) return answer.routes[place.file];
    if (place.kind === 'routes' && itemId !== null && routeList[Number(itemId)]) return [routeList[Number(itemId)].path];
    if (where?.routes.length) return where.routes;
    return [];
  }, [place, routeList, answer, itemId, where]);

  const openReview = async () => {
    try {
      setReview(await api.review(body(edits)));
    } catch (err) {
      setNotice({ text: (err as Error).message, bad: true });
    }
  };
  const save = async () => {
    setSaving(true);
    try {
      const r = await api.save(body(edits));
      if (!r.saved) {
        setReview({ files: r.files, problems: r.problems, refusal: r.refusal });
        return;
      }
      setReview(null);
      await loadFiles(brand);
      setHistory(newHistory());
      const count = (n: number, what: string) => `${n} ${what}(s)`;
      const units = r.checked.map((u) => `${u.label}: ${u.errors ? count(u.errors, 'problem') : 'no problem'}${u.warnings ? `, ${count(u.warnings, 'warning')}` : ''}`);
      setNotice({ text: `Saved ${r.written.map(shownFile).join(', ')}. The check over the product and every brand: ${units.join('; ')}.`, bad: r.checked.some((u) => u.errors > 0) });
    } catch (err) {
      setNotice({ text: (err as Error).message, bad: true });
    } finally {
      setSaving(false);
    }
  };

  const resolve = async (file: string, how: 'rebase' | 'drop') => {
    const loaded = await loadFiles(brand);
    if (!loaded) return;
    const now = loaded.disk;
    apply((e) => (how === 'drop' ? drop(e, file) : rebase(e, file, now[file])), `conflict:${file}`);
  };

  const goTo = (problem: FieldProblem) => {
    const [p] = atField([problem]);
    if (!p) return;
    const file = p.file;
    const target = places.find((x) => x.file === file && (x.kind !== 'sections' || (SETTINGS.find((s) => s.id === x.id)?.sections ?? []).some((s) => concerns(p, p.file, s.path))));
    if (!target) return;
    setPlaceId(target.id);
    const items = target.kind === 'screen' ? screenOutline(file, view(file)) : target.kind === 'form' ? formOutline(file, view(file)) : [];
    const item = [...items].reverse().find((o) => o.sections.some((s) => concerns(p, p.file, s.path.slice(0, -1).length ? s.path.slice(0, -1) : s.path)));
    setItemId(item?.id ?? null);
    if (target.kind === 'messages') setSearch(p.path.split('/')[2] ?? '');
  };

  /**
   * Another brand: nothing of the last one's is carried over (its edits stay in localStorage, offered
   * back when it is picked again); until its files are read no edit is checked or kept under its name.
   */
  const pickBrand = (id: string) => {
    setFolder('');
    setProduct(null);
    setAnswer(null);
    setReview(null);
    setHistory(newHistory());
    setBrand(id);
  };

  if (!ws || !validator) return <div className="loading">{notice ? <p className="error">{notice.text}</p> : 'Loading the studio…'}</div>;
  const groups = ['Settings', 'Text', 'Routes', 'Screens', 'Forms'] as const;

  return (
    <div className="studio">
      <header className="top">
        <strong>Studio</strong>
        <label>
          brand{' '}
          <select value={brand} onChange={(e) => pickBrand(e.target.value)} aria-label="brand">
            {ws.brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.label}
              </option>
            ))}
          </select>
        </label>
        <span className="folder">{folder}/</span>
        <button type="button" onClick={() => setHistory(undo)} disabled={!history.past.length} title="Ctrl+Z">
          Undo
        </button>
        <button type="button" onClick={() => setHistory(redo)} disabled={!history.future.length} title="Ctrl+Shift+Z">
          Redo
        </button>
        <button type="button" className={errors.length ? 'badge bad' : 'badge'} onClick={() => setShowProblems((v) => !v)} aria-expanded={showProblems}>
          {errors.length} problem(s), {problems.length - errors.length} warning(s)
        </button>
        <button type="button" className="primary" disabled={!changes} onClick={() => void openReview()}>
          Review and save ({changes})
        </button>
      </header>

      {offer ? (
        <div className="banner offer" role="alert">
          Unsaved edits from {new Date(offer.at).toLocaleString()} ({Object.values(changeCount(offer)).reduce((a, b) => a + b, 0)} change(s) in {Object.keys(offer.drafts).map(shownFile).join(', ')}).{' '}
          <button
            type="button"
            onClick={() => {
              setHistory(newHistory({ drafts: offer.drafts, base: offer.base, baseJson: offer.baseJson }));
              setOffer(null);
            }}
          >
            Restore them
          </button>{' '}
          <button
            type="button"
            onClick={() => {
              localStorage.removeItem(storageKey(folder, brand));
              setOffer(null);
            }}
          >
            Discard them
          </button>
        </div>
      ) : null}
      {(answer?.conflicts ?? []).filter((f) => f in edits.drafts).map((f) => (
        <div key={f} className="banner conflict" role="alert">
          Conflict: {shownFile(f)} changed on disk since you started editing it. Your {counts[f] ?? 0} change(s) are not lost and nothing was overwritten.{' '}
          <button type="button" onClick={() => void resolve(f, 'rebase')}>
            Keep my changes on top of the file as it is now
          </button>{' '}
          <button type="button" onClick={() => void resolve(f, 'drop')}>
            Drop my changes to it
          </button>
        </div>
      ))}
      {notice ? (
        <div className={notice.bad ? 'banner bad' : 'banner good'} role="status">
          {notice.text} <button type="button" className="link" onClick={() => setNotice(null)} aria-label="close">×</button>
        </div>
      ) : null}
      {showProblems ? (
        <ul className="all-problems">
          {problems.map((p, i) => (
            <li key={i} className={p.severity === 'warning' ? 'warning' : 'error'}>
              <button type="button" className="link" onClick={() => goTo(p)}>
                {p.file}: {p.path}
              </button>
              : {p.severity === 'warning' ? 'warning: ' : ''}
              {p.message}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="columns">
        <nav className="places" aria-label="places">
          {groups.map((g) => (
            <div key={g} className="group">
              <h4>{g}</h4>
              {places
                .filter((p) => p.group === g)
                .map((p) => {
                  const bad = fieldProblems.some((x) => !x.severity && x.file === p.file && (p.kind !== 'sections' || (SETTINGS.find((s) => s.id === p.id)?.sections ?? []).some((s) => concerns(x, x.file, s.path))));
                  return (
                    <button
                      key={p.id}
                      type="button"
                      className={`${p.id === place?.id ? 'on' : ''}${bad ? ' bad' : ''}${edited(p) ? ' edited' : ''}`}
                      onClick={() => {
                        setPlaceId(p.id);
                        setItemId(null);
                        setWhere(null);
                      }}
                    >
                      {p.label}
                    </button>
                  );
                })}
            </div>
          ))}
        </nav>

        <main className="editor">
          {place?.kind === 'messages' ? <input className="search" type="search" placeholder="find a message by key or text" aria-label="find a message" value={search} onChange={(e) => setSearch(e.target.value)} /> : null}
          {outline.length ? (
            <ul className="outline" aria-label="outline">
              {outline.map((o) => (
                <li key={o.id} style={{ paddingLeft: o.depth * 14 }}>
                  <button type="button" className={o.id === itemId ? 'on' : ''} disabled={!o.sections.length} onClick={() => setItemId(o.id)}>
                    {o.label}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {where ? (
            <div className="where" aria-label="where used">
              <div className="where-head">
                <strong>where used: {where.key}</strong> <span className="cmd">npm run where -- {where.key}</span>{' '}
                <button type="button" className="link" onClick={() => setWhere(null)}>
                  close
                </button>
              </div>
              <pre>{where.text}</pre>
            </div>
          ) : null}
          {sections.map((s, i) => (
            <SectionForm
              key={`${brand}|${epoch}|${s.file}|${s.path.join('/')}|${(s.keys ?? []).join(',')}`}
              section={s}
              bundle={ws.schemas}
              validator={validator}
              value={getIn(view(s.file), s.path as Segment[])}
              problems={fieldProblems}
              places={sectionPlaces[i]}
              shownFile={sectionFile(s.file)}
              context={context}
              onChange={onChange}
            />
          ))}
          {!sections.length && outline.length ? <p className="hint">Pick a part above to edit it.</p> : null}
        </main>

        {ws.preview ? <Preview origin={ws.preview.origin} brand={brand} phone={ws.preview} routes={previewRoutes} queries={ws.queries} titleOf={titleOf} /> : <aside className="preview">No preview (the studio runs without one).</aside>}
      </div>

      {review ? <Review review={review} saving={saving} onSave={() => void save()} onClose={() => setReview(null)} /> : null}
    </div>
  );
}
