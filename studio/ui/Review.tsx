/**
 * Review before saving: every change of every layer (the product's, each brand's), grouped by
 * layer, as (file, path, old, new), the text diff of each file as a save would write it, the
 * problems of every config the edits reach, and the save of them all at once, refused with the
 * reason while a problem or a conflict stands. The server computes it from the files on disk now
 * (studio/studio.ts review); this dialog asks for it when it opens, and saves.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SaveRefusal } from '../studio';
import { api, errorText, type LayersBody, type SaveAnswer } from './api';
import { useWords, type Words } from './words';

const shown = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));

/** Why a save is refused, in the operator's words. */
export function refusalText(w: Words, r: SaveRefusal): string {
  if (r.kind === 'problems') return w.review.problems(r.count);
  if (r.kind === 'conflict') return w.review.conflicts(r.files.join(', '));
  if (r.kind === 'unwritable') return r.files.map((f) => ('gone' in f.why ? w.review.gone(f.file) : 'invalidJson' in f.why ? w.review.invalidJson(f.file, f.why.invalidJson) : w.review.cannotEdit(f.file))).join('; ');
  return `${w.review.writeFailed(r.file, r.code)}${r.stuck.length ? w.review.stuck(r.stuck.map((s) => s.file).join(', '), r.stuck.map((s) => s.copy).join(', ')) : ''}`;
}

function Diff({ text, label }: { text: string; label: string }) {
  return (
    <pre className="diff" aria-label={label}>
      {text.replace(/\n$/, '').split('\n').map((line, i) => (
        <div key={i} className={line.startsWith('+') && !line.startsWith('+++') ? 'add' : line.startsWith('-') && !line.startsWith('---') ? 'del' : line.startsWith('@@') ? 'hunk' : ''}>
          {line || ' '}
        </div>
      ))}
    </pre>
  );
}

export interface ReviewProps {
  layers: LayersBody;
  /** how the review names a layer (the product, a brand by its site's name) */
  layerName(id: string): string;
  onClose(): void;
  onSaved(answer: Extract<SaveAnswer, { saved: true }>): void;
}

export function Review({ layers, layerName, onClose, onSaved }: ReviewProps) {
  const w = useWords();
  const q = useQuery({ queryKey: ['review', layers], queryFn: () => api.review(layers), retry: false, gcTime: 0 });
  const save = useMutation({ mutationFn: () => api.save(layers), onSuccess: (a) => a.saved && onSaved(a) });
  const failed = save.data && !save.data.saved ? save.data : undefined;
  const review = failed ?? q.data;
  const count = review ? review.files.reduce((n, f) => n + f.changes.length, 0) : 0;
  const byLayer = [...new Set(review?.files.map((f) => f.layer))];
  const error = q.error ?? save.error;
  // a modal dialog: it takes the keyboard when it opens, and Escape goes back to editing (not while saving)
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = save.isPending ? () => undefined : onClose;
  useEffect(() => {
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="dialog-back" role="presentation">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="review-title" tabIndex={-1} ref={dialog}>
        <h2 id="review-title">{review ? w.review.title(count, review.files.length) : w.review.loading}</h2>
        {byLayer.map((layer) => (
          <section key={layer} className="review-layer" aria-label={layerName(layer)}>
            <h3>{w.review.layerHead(layerName(layer))}</h3>
            <table className="changes">
              <thead>
                <tr>
                  <th>{w.review.file}</th>
                  <th>{w.review.path}</th>
                  <th>{w.review.old}</th>
                  <th>{w.review.new}</th>
                </tr>
              </thead>
              <tbody>
                {review!.files.filter((f) => f.layer === layer).flatMap((f) =>
                  f.changes.map((c) => (
                    <tr key={`${f.file}${c.path}`}>
                      <td>{f.shown}</td>
                      <td className="path">{c.path}</td>
                      <td className="old">{shown(c.old)}</td>
                      <td className="new">{shown(c.new)}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
            {review!.files.filter((f) => f.layer === layer).map((f) => (
              <div key={f.file} className="file-diff">
                <h4>
                  {f.shown}
                  {f.created ? <span className="created-tag"> {w.review.created}</span> : null}
                  {f.conflict ? <span className="conflict-tag"> {w.review.conflict}</span> : null}
                </h4>
                <Diff text={f.diff} label={w.review.diffOf(f.shown)} />
              </div>
            ))}
          </section>
        ))}
        {review?.problems.length ? (
          <div className="review-problems">
            <h3>{w.review.problemsHead}</h3>
            <ul>
              {review.problems.map((p, i) => (
                <li key={i} className="error">
                  {layerName(p.brand)}: {p.file}: {p.path}: {w.problem(p)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {review?.refusal ? <p className="refusal error">{w.review.notSaved}{refusalText(w, review.refusal)}</p> : null}
        {error ? <p className="refusal error">{errorText(w, error)}</p> : null}
        <div className="dialog-buttons">
          <button type="button" onClick={onClose}>
            {w.review.back}
          </button>
          <button type="button" className="primary" disabled={!review || !!review.refusal || save.isPending || !count} onClick={() => save.mutate()}>
            {save.isPending ? w.review.saving : w.review.save}
          </button>
        </div>
      </div>
    </div>
  );
}
