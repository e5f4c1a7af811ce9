/**
 * What the page reads from the studio, through TanStack Query (one way to ask, to poll and to drop a
 * stale answer: each answer is kept under its question, so an answer about the last brand or the
 * last edits is never shown for the new ones):
 *   - the workspace (brands, schemas, the preview);
 *   - the files on disk of the product and of the brand looked at (text and hash);
 *   - the check of the brand looked at with every layer's edits (its problems, the hashes on disk,
 *     the conflicts), asked a moment after the last edit and again every few seconds: a file
 *     changed on disk without an edit of it is read again, one with an edit is a conflict.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api, type DraftAnswer, type LayersBody, type Workspace } from './api';
import { layersBody, type DiskFile, type Layers } from './model';

export const PRODUCT = 'product';

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

/** a layer's files on disk and how answers name its folder */
export interface LayerDisk {
  folder: string;
  files: Record<string, DiskFile>;
}

/** The value after it has stayed the same for `ms` (the check is asked once typing pauses). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

const filesQuery = (id: string) => ({
  queryKey: ['files', id],
  queryFn: async (): Promise<LayerDisk> => {
    const r = await api.files(id);
    return { folder: r.folder, files: parseAll(r.files) };
  },
  staleTime: Infinity,
});

export function useWorkspace(): Workspace | undefined {
  return useQuery({ queryKey: ['workspace'], queryFn: api.workspace, staleTime: Infinity }).data;
}

/** The product's files and, on a brand, the brand's (undefined until read). */
export function useDisk(brand: string): { product?: LayerDisk; top?: LayerDisk } {
  const product = useQuery(filesQuery(PRODUCT)).data;
  const own = useQuery({ ...filesQuery(brand), enabled: brand !== PRODUCT }).data;
  return { product, top: brand === PRODUCT ? product : own };
}

/** How often the files on disk are compared with those the page holds. */
const EVERY_MS = 3000;

/**
 * The check of `brand` with every layer's edits, asked once typing pauses and every few seconds; a
 * layer's file that changed on disk with no edit of it is read again.
 */
export function useDraft(brand: string, layers: Layers, disk: { product?: LayerDisk; top?: LayerDisk }): { answer?: DraftAnswer; error: Error | null; body: LayersBody } {
  const body = useSettled(useMemo(() => layersBody(layers), [layers]), 200);
  const ready = !!disk.top && !!disk.product;
  const q = useQuery({
    queryKey: ['draft', brand, body],
    queryFn: () => api.draft(brand, body),
    enabled: ready,
    refetchInterval: EVERY_MS,
    // the last answer stays while the next edit is checked, never another brand's
    placeholderData: (last, lastQuery) => (lastQuery?.queryKey[1] === brand ? last : undefined),
    retry: false,
  });
  const client = useQueryClient();
  const answer = q.data;
  useEffect(() => {
    if (!answer || q.isPlaceholderData) return;
    for (const [layer, held] of [[PRODUCT, disk.product], [brand, disk.top]] as const) {
      const now = answer.disk[layer];
      if (!held || !now) continue;
      const edited = new Set(Object.keys(body[layer]?.drafts ?? {}));
      const changed = Object.entries(now).some(([n, h]) => held.files[n]?.hash !== h && !edited.has(n)) || Object.keys(held.files).some((n) => !(n in now));
      if (changed) void client.invalidateQueries({ queryKey: ['files', layer] });
    }
  }, [answer, q.isPlaceholderData, disk.product, disk.top, brand, body, client]);
  return { answer, error: q.error, body };
}
