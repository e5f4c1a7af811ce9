/**
 * The answer of "where used", right under the field that asked: each place that uses the key in
 * the operator's words (the screen or form by its title, then what it is there: 规则 1（数值范围）的
 * min), the text there, a button to open it and one to show it on the phone; the phone goes at once
 * to the first place a player sees it (on its tab). The command line's answer (`npm run where`) is
 * folded below, for whoever wants the files and JSON paths.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, errorText } from './api';
import { usePage, type WhereAsk } from './page';
import { useWords } from './words';

export function WherePanel({ ask }: { ask: WhereAsk }) {
  const page = usePage();
  const w = useWords();
  const q = useQuery({ queryKey: ['where', page.brand, ask.key, page.layers], queryFn: () => api.where(page.brand, ask.key, page.layers), retry: false });
  const refs = (q.data?.refs ?? []).filter((r) => r.text !== '(definition)');
  const first = refs.flatMap((r) => page.names.routes(r.file, r.path))[0];
  const { show } = page;
  useEffect(() => {
    if (first) show(first);
  }, [first, show]);
  // the answer where the operator is looking: under the field, scrolled into view as it comes
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [q.data]);
  return (
    <div className="where" role="region" aria-label={w.where.title(ask.key)} ref={box}>
      <div className="where-head">
        <strong>{w.where.title(ask.key)}</strong> {q.data ? <span>{w.where.count(refs.length)}</span> : null}{' '}
        <button type="button" className="link" onClick={() => page.askWhere(null)}>
          {w.close}
        </button>
      </div>
      {q.error ? <p className="error">{errorText(w, q.error)}</p> : null}
      {!q.data && !q.error ? <p className="hint">{w.where.loading}</p> : null}
      {q.data && !refs.length ? <p className="hint">{w.where.none}</p> : null}
      <ul className="where-list">
        {refs.map((r) => {
          const route = page.names.routes(r.file, r.path)[0];
          return (
            <li key={`${r.file}${r.path}`}>
              <span className="where-place">
                {page.names.file(r.file)} › {page.names.at(r.file, r.path)}
              </span>
              <span className="where-text">{r.text}</span>
              <button type="button" className="small-button" onClick={() => page.go(r.file, r.path)}>
                {w.where.open}
              </button>
              {route ? (
                <button type="button" className="small-button" onClick={() => page.show(route)}>
                  {w.where.showOnPhone}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {q.data ? (
        <details className="where-cli">
          <summary>{w.where.cli}</summary>
          <pre>{q.data.text}</pre>
        </details>
      ) : null}
    </div>
  );
}
