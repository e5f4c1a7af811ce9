/**
 * Review before saving (issue 37, point 7): every change as (file, path, old, new), the text diff of
 * each file as a save would write it, and the save, refused with the reason while a problem or a
 * conflict stands. The server computes all of it from the files on disk now (studio/studio.ts review).
 */
import type { ReviewAnswer } from './api';

const shown = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));

export function Review({ review, saving, onSave, onClose }: { review: ReviewAnswer; saving: boolean; onSave(): void; onClose(): void }) {
  const count = review.files.reduce((n, f) => n + f.changes.length, 0);
  return (
    <div className="dialog-back" role="presentation">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="review-title">
        <h2 id="review-title">
          Review: {count} change(s) in {review.files.length} file(s)
        </h2>
        <table className="changes">
          <thead>
            <tr>
              <th>file</th>
              <th>path</th>
              <th>old</th>
              <th>new</th>
            </tr>
          </thead>
          <tbody>
            {review.files.flatMap((f) =>
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
        {review.files.map((f) => (
          <div key={f.file} className="file-diff">
            <h3>
              {f.shown}
              {f.conflict ? <span className="conflict-tag"> changed on disk since you started editing it</span> : null}
            </h3>
            {f.unwritable ? <p className="error">{f.unwritable}</p> : null}
            <pre className="diff" aria-label={`diff of ${f.shown}`}>
              {f.diff.replace(/\n$/, '').split('\n').map((line, i) => (
                <div key={i} className={line.startsWith('+') && !line.startsWith('+++') ? 'add' : line.startsWith('-') && !line.startsWith('---') ? 'del' : line.startsWith('@@') ? 'hunk' : ''}>
                  {line || ' '}
                </div>
              ))}
            </pre>
          </div>
        ))}
        {review.refusal ? <p className="refusal error">Not saved: {review.refusal}</p> : null}
        <div className="dialog-buttons">
          <button type="button" onClick={onClose}>
            Back to editing
          </button>
          <button type="button" className="primary" disabled={!!review.refusal || saving || !count} onClick={onSave}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
    </div>
  );
}
