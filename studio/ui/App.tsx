/**
 * The studio's page (issue 37): pick a brand and a place, edit it in forms made from the config's
 * schemas with every problem of check:config at its field, see the real app beside it at phone size,
 * ask where a value is used, undo and redo, review and save. The edits live here (and in
 * localStorage, offered back after a reload); the server checks, previews, reviews and saves them.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Problem } from '../../src/config/check';
import { errorsOf } from '../../src/config/checks/output';
import { jsonChanges, type Segment } from '../json-edit';
import { api, type DraftAnswer, type ReviewAnswer, type Workspace } from './api';
import { changeCount, concerns, drop, edit, getIn, keep, newHistory, readSaved, rebase, record, redo, storageKey, undo, viewOf, type DiskFile, type Edits, type History, type Saved } from './model';
import { formOutline, messageKeys, messagesSection, placesOf, routeSection, screenOutline, SETTINGS, type OutlineItem, type Place, type Section } from './places';
import { Preview } from './Preview';
import { Review } from './Review';
import { SectionForm, validatorFor } from './SectionForm';
import type { StudioContext } from './widgets';

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

export function App() {
  const [ws, setWs] = useState<Workspace | null>(null);
  const [brand, setBrand] = useState('product');
  const [folder, setFolder] = useState('');
  const [disk, setDisk] = useState<Record<string, DiskFile>>({});
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

  const loadFiles = useCallback(async (b: string) => {
    const r = await api.files(b);
    setFolder(r.folder);
    const parsed = parseAll(r.files);
    setDisk(parsed);
    return { folder: r.folder, disk: parsed };
  }, []);

  // the workspace, the brand's files, and the edits a reload left behind
  useEffect(() => {
    void (async () => {
      try {
        const w = await api.workspace();
        setWs(w);
        const { folder: f } = await loadFiles(brand);
        setHistory(newHistory());
        setOffer(readSaved(localStorage, storageKey(f, brand)));
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
    const id = setInterval(() => {
      api.draft(body(editsRef.current)).then((a) => {
        setAnswer(a);
        const d = diskRef.current;
        if (Object.entries(a.disk).some(([n, h]) => d[n]?.hash !== h && !(n in editsRef.current.drafts))) void loadFiles(brand);
      }, () => undefined);
    }, 3000);
    return () => clearInterval(id);
  }, [folder, brand, body, loadFiles]);

  const apply = useCallback(
    (next: (e: Edits) => Edits, key: string) => setHistory((h) => record(h, next(h.present), key, Date.now())),
    [],
  );
  const onChange = useCallback(
    (section: Section, value: unknown, field: string) => {
      apply((e) => {
        const before = getIn(viewOf(e, disk, section.file), section.path);
        // a form drawing an absent part (a node's props, its when) answers with an empty value: not an edit
        if (before === undefined && isEmpty(value)) return e;
        return edit(e, disk, section.file, section.path, value);
      }, field);
    },
    [apply, disk],
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
  const places = useMemo(() => placesOf(Object.keys(disk)), [disk]);
  const place: Place | undefined = places.find((p) => p.id === placeId) ?? places[0];
  const view = useCallback((file: string) => viewOf(edits, disk, file), [edits, disk]);
  const messagesView = view('messages.json');
  const routesView = view('routes.json');
  const messages = useMemo(() => (getIn(messagesView, ['messages']) ?? {}) as Record<string, string>, [messagesView]);
  const routeList = useMemo(() => ((getIn(routesView, ['routes']) ?? []) as { path: string; title: string; screen: string }[]).filter((r) => r && typeof r.path === 'string'), [routesView]);
  const titleOf = useCallback((p: string) => routeList.find((r) => r.path === p)?.title ?? '', [routeList]);
  const problems: Problem[] = answer?.problems ?? [];
  const errors = errorsOf(problems);
  const shownFile = (file: string) => `${folder}/${file}`;
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
  const context = useMemo<Omit<StudioContext, 'pointer' | 'whereKey'>>(() => ({ messages, routes: routeList, onWhere: askWhere, openMessage }), [messages, routeList, askWhere, openMessage]);

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
      const left = errorsOf(r.problems);
      setNotice({ text: `Saved ${r.written.map(shownFile).join(', ')}. The check over every file: ${left.length ? `${left.length} problem(s)` : 'no problem'}${r.problems.length > left.length ? `, ${r.problems.length - left.length} warning(s)` : ''}.`, bad: left.length > 0 });
    } catch (err) {
      setNotice({ text: (err as Error).message, bad: true });
    } finally {
      setSaving(false);
    }
  };

  const resolve = async (file: string, how: 'rebase' | 'drop') => {
    const { disk: now } = await loadFiles(brand);
    apply((e) => (how === 'drop' ? drop(e, file) : rebase(e, file, now[file])), `conflict:${file}`);
  };

  const goTo = (p: Problem) => {
    const file = p.file.startsWith(`${folder}/`) ? p.file.slice(folder.length + 1) : p.file;
    const target = places.find((x) => x.file === file && (x.kind !== 'sections' || (SETTINGS.find((s) => s.id === x.id)?.sections ?? []).some((s) => concerns(p, p.file, s.path))));
    if (!target) return;
    setPlaceId(target.id);
    const items = target.kind === 'screen' ? screenOutline(file, view(file)) : target.kind === 'form' ? formOutline(file, view(file)) : [];
    const item = [...items].reverse().find((o) => o.sections.some((s) => concerns(p, p.file, s.path.slice(0, -1).length ? s.path.slice(0, -1) : s.path)));
    setItemId(item?.id ?? null);
    if (target.kind === 'messages') setSearch(p.path.split('/')[2] ?? '');
  };

  if (!ws || !validator) return <div className="loading">{notice ? <p className="error">{notice.text}</p> : 'Loading the studio…'}</div>;
  const groups = ['Settings', 'Text', 'Routes', 'Screens', 'Forms'] as const;

  return (
    <div className="studio">
      <header className="top">
        <strong>Studio</strong>
        <label>
          brand{' '}
          <select value={brand} onChange={(e) => setBrand(e.target.value)} aria-label="brand">
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
                  const bad = problems.some((x) => !x.severity && x.file === shownFile(p.file) && (p.kind !== 'sections' || (SETTINGS.find((s) => s.id === p.id)?.sections ?? []).some((s) => concerns(x, x.file, s.path))));
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
          {sections.map((s) => (
            <SectionForm
              key={`${s.file}|${s.path.join('/')}|${(s.keys ?? []).join(',')}`}
              section={s}
              bundle={ws.schemas}
              validator={validator}
              value={getIn(view(s.file), s.path as Segment[])}
              problems={problems}
              shownFile={shownFile(s.file)}
              context={context}
              onChange={onChange}
            />
          ))}
          {!sections.length && outline.length ? <p className="hint">Pick a part above to edit it.</p> : null}
        </main>

        {ws.preview ? <Preview origin={ws.preview.origin} network={ws.preview.network} routes={previewRoutes} queries={ws.queries} titleOf={titleOf} /> : <aside className="preview">No preview (the studio runs without one).</aside>}
      </div>

      {review ? <Review review={review} saving={saving} onSave={() => void save()} onClose={() => setReview(null)} /> : null}
    </div>
  );
}
