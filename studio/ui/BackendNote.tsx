/**
 * At a field whose value the backend decides (a deposit range read from getPayRange before the
 * constant): says so, names the call, and shows what the backend sends now (the preview's mock, which
 * answers as the config says, so that the preview shows what players will see once the real backend
 * is set the same).
 */
import { getPath } from '../../src/engine/bindings';
import { callKey } from './backend';
import { usePage, type BackendNote } from './page';
import { useWords } from './words';

export function BackendNoteView({ note }: { note: BackendNote }) {
  const page = usePage();
  const w = useWords();
  const calls = [...new Map(note.reads.map((r) => [`${callKey(r.read)} ${r.read.field}`, r])).values()];
  return (
    <div className="backend-note" role="note">
      <strong>{w.backend.title}</strong>
      {calls.map(({ file, read }) => {
        const answer = note.answers?.get(callKey(read));
        const call = `${read.endpoint}${Object.keys(read.payload).length ? `（${Object.entries(read.payload).map(([k, v]) => `${k}: ${String(v)}`).join(', ')}）` : ''}`;
        const value = answer && 'data' in answer ? getPath(answer.data, read.field) : undefined;
        return (
          <p key={`${callKey(read)} ${read.field}`}>
            {w.backend.read(page.names.file(file), call, read.field)}：
            <span className="backend-now">{!answer ? w.backend.asking : value === undefined || value === null ? w.backend.nowNone : w.backend.now(String(value))}</span>
          </p>
        );
      })}
      <p className="hint">{w.backend.rule}</p>
    </div>
  );
}
