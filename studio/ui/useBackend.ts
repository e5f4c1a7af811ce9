/**
 * What the backend decides, by field: the config's reads of a screen's data sources (backend.ts)
 * and what the preview's mock answers to them now, asked again when the edits change (the mock
 * answers as the config says).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Scope } from '../../src/engine/bindings';
import { api, type LayersBody } from './api';
import { backendReads, callKey, fallbackOf } from './backend';
import type { BackendNote } from './page';
import type { View } from './useView';

/** at most this many calls in one question (studio/bodies.ts MAX_CALLS) */
const MAX_CALLS = 20;

export function useBackend(brand: string, view: View, scope: Scope, body: LayersBody, enabled: boolean): (file: string, pointer: string) => BackendNote | undefined {
  const reads = useMemo(() => backendReads(view.json, view.files, scope), [view, scope]);
  const calls = useMemo(() => [...new Map(reads.map((r) => [callKey(r.read), { endpoint: r.read.endpoint, payload: r.read.payload }])).values()].slice(0, MAX_CALLS), [reads]);
  const q = useQuery({
    queryKey: ['backend', brand, calls, body],
    queryFn: () => api.backend(brand, calls),
    enabled: enabled && calls.length > 0,
    retry: false,
    placeholderData: (last, lastQuery) => (lastQuery?.queryKey[1] === brand ? last : undefined),
  });
  const answers = useMemo(() => (q.data ? new Map(calls.map((c, i) => [callKey(c), q.data.answers[i]])) : undefined), [q.data, calls]);
  return useCallback(
    (file: string, pointer: string) => {
      const constant = file === 'app.json' ? /^\/constants\/([^/]+)$/.exec(pointer)?.[1] : undefined;
      const here = constant ? fallbackOf(reads, constant) : reads.filter((r) => r.file === file && r.pointer === pointer);
      return here.length ? { reads: here, answers } : undefined;
    },
    [reads, answers],
  );
}
