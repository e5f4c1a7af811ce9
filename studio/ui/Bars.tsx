/**
 * The top bar (the brand, the language, undo and redo, the problems, review and save), the places
 * on the left, and the banners under the top bar (edits a reload left, a conflict, a notice).
 */
import { Fragment, useState } from 'react';
import { errorsOf } from '../../src/config/checks/output';
import type { FieldProblem } from '../studio';
import type { Workspace } from './api';
import { changeCount, type Saved } from './model';
import { GROUPS, type Place } from './places';
import { useWords, type Lang } from './words';

export interface TopBarProps {
  ws: Workspace;
  brand: string;
  pickBrand(id: string): void;
  lang: Lang;
  setLang(l: Lang): void;
  canUndo: boolean;
  canRedo: boolean;
  undo(): void;
  redo(): void;
  /** the problems of the brand looked at; each opens the exact field it names */
  problems: FieldProblem[];
  openProblem(p: FieldProblem): void;
  changes: number;
  openReview(): void;
}

export function TopBar(p: TopBarProps) {
  const w = useWords();
  const [open, setOpen] = useState(false);
  const folder = p.ws.brands.find((b) => b.id === p.brand);
  const errors = errorsOf(p.problems).length;
  return (
    <header className="top">
      <strong>{w.studio}</strong>
      <label>
        {w.brand.label}{' '}
        <select value={p.brand} onChange={(e) => p.pickBrand(e.target.value)} aria-label={w.brand.label}>
          {p.ws.brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.over ? w.brand.one(b.name ?? b.id, b.id) : w.brand.product}
            </option>
          ))}
        </select>
      </label>
      <span className="folder">{folder ? w.brand.folderOf(folder.folder, folder.over) : ''}</span>
      <button type="button" onClick={p.undo} disabled={!p.canUndo} title={w.undoTitle}>
        {w.undo}
      </button>
      <button type="button" onClick={p.redo} disabled={!p.canRedo} title={w.redoTitle}>
        {w.redo}
      </button>
      <button type="button" className={errors ? 'badge bad' : 'badge'} onClick={() => setOpen((v) => !v)} aria-expanded={open}>
        {w.problemsBadge(errors, p.problems.length - errors)}
      </button>
      <button type="button" className="primary" disabled={!p.changes} onClick={p.openReview}>
        {w.reviewButton(p.changes)}
      </button>
      <select className="lang" aria-label={w.lang.label} value={p.lang} onChange={(e) => p.setLang(e.target.value as Lang)}>
        <option value="zh">{w.lang.zh}</option>
        <option value="en">{w.lang.en}</option>
      </select>
      {open ? <ProblemsList problems={p.problems} open={p.openProblem} /> : null}
    </header>
  );
}

export function PlacesNav({ places, current, bad, edited, pick }: { places: Place[]; current?: string; bad(p: Place): boolean; edited(p: Place): boolean; pick(id: string): void }) {
  const w = useWords();
  return (
    <nav className="places" aria-label={w.placesNav}>
      {GROUPS.map((g) => (
        <div key={g} className="group">
          <h4>{w.groups[g]}</h4>
          {places
            .filter((p) => p.group === g)
            .map((p) => (
              <button key={p.id} type="button" className={`${p.id === current ? 'on' : ''}${bad(p) ? ' bad' : ''}${edited(p) ? ' edited' : ''}`} title={[p.id2, edited(p) ? w.edited : '', bad(p) ? w.hasProblem : ''].filter(Boolean).join(' · ')} onClick={() => pick(p.id)}>
                {p.label}
                {p.id2 && p.id2 !== p.label ? <span className="id2"> {p.id2}</span> : null}
              </button>
            ))}
        </div>
      ))}
    </nav>
  );
}

/** The problems of check:config, each a button that opens the exact field it names. */
export function ProblemsList({ problems, open }: { problems: FieldProblem[]; open(p: FieldProblem): void }) {
  const w = useWords();
  return (
    <div className="all-problems" role="region" aria-label={w.problems.heading}>
      {problems.length ? null : <p>{w.problems.none}</p>}
      <ul>
        {problems.map((p, i) => (
          <li key={i} className={p.severity === 'warning' ? 'warning' : 'error'}>
            <button type="button" className="link" disabled={!p.field} title={w.problems.open} onClick={() => open(p)}>
              {p.file}: {p.path}
            </button>
            : {p.severity === 'warning' ? w.problems.warning : ''}
            {w.problem(p)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A banner under the top bar that asks: what happened, and a button for each answer. */
function Banner({ kind, text, actions }: { kind: string; text: string; actions: [label: string, act: () => void][] }) {
  return (
    <div className={`banner ${kind}`} role="alert">
      {text}
      {actions.map(([label, act]) => (
        <Fragment key={label}>
          {' '}
          <button type="button" onClick={act}>
            {label}
          </button>
        </Fragment>
      ))}
    </div>
  );
}

export function Offer({ offer, shown, restore, discard }: { offer: Saved; shown(layer: string, file: string): string; restore(): void; discard(): void }) {
  const w = useWords();
  const n = Object.values(offer.layers).reduce((a, e) => a + Object.values(changeCount(e)).reduce((x, y) => x + y, 0), 0);
  const files = Object.entries(offer.layers).flatMap(([layer, e]) => Object.keys(e.drafts).map((f) => shown(layer, f)));
  return <Banner kind="offer" text={w.offer(new Date(offer.at).toLocaleString(), n, files.join(', '))} actions={[[w.restore, restore], [w.discard, discard]]} />;
}

export function Conflict({ file, count, keep, drop }: { file: string; count: number; keep(): void; drop(): void }) {
  const w = useWords();
  return <Banner kind="conflict" text={w.conflict(file, count)} actions={[[w.keepMine, keep], [w.dropMine, drop]]} />;
}

export function Notice({ text, bad, close }: { text: string; bad?: boolean; close(): void }) {
  const w = useWords();
  return (
    <div className={bad ? 'banner bad' : 'banner good'} role="status">
      {text}{' '}
      <button type="button" className="link" onClick={close} aria-label={w.close}>
        ×
      </button>
    </div>
  );
}
