/** The studio's API as the page calls it (studio/api.ts): JSON in, JSON out, same origin. */
import type { CheckedUnit, FieldProblem, FileReview, ReviewProblem, SaveRefusal } from '../studio';
import type { Bundle } from './SectionForm';
import type { Words } from './words';

type Files = Record<string, { text: string; hash: string }>;

export interface Workspace {
  /** the product and each brand: its folder, the site's name, the product's folder under a brand */
  brands: { id: string; folder: string; name?: string; over?: string }[];
  schemas: Bundle;
  /** what a brand's merge reads of the schemas (studio.ts layering) */
  layering: { files: Record<string, object>; props: Record<string, object>; format: number };
  queries: Record<string, string>;
  preview: PreviewState | null;
}

/** where the preview is, the phone switch (on: the addresses a phone may open) */
export interface PreviewState {
  origin: string;
  network: string[];
  phone: boolean;
}

/** every layer's edits, as the API takes them */
export type LayersBody = Record<string, { base: Record<string, string>; drafts: Record<string, unknown> }>;

export interface DraftAnswer {
  problems: FieldProblem[];
  /** the hash of each file on disk, per layer the view is made of (and per layer with edits) */
  disk: Record<string, Record<string, string>>;
  conflicts: { layer: string; file: string }[];
}

export interface WhereAnswer {
  text: string;
  found: boolean;
  /** each place: the file's name in its folder, the pointer of the merged view, the text there */
  refs: { file: string; path: string; text: string }[];
}

export interface ReviewAnswer {
  files: FileReview[];
  problems: ReviewProblem[];
  refusal?: SaveRefusal;
}

export type SaveAnswer = { saved: true; written: string[]; checked: CheckedUnit[] } | { saved: false; refusal: SaveRefusal; files: FileReview[]; problems: ReviewProblem[] };

/** A refused request or a failure of the studio: the status, the English detail, the failure's code (500) */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly failure: string | null = null,
  ) {
    super(message);
  }
}

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown, accept: number[] = [200]): Promise<T> {
  const r = await fetch(`/studio-api${url}`, method === 'POST' ? { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : { method });
  const json = (await r.json().catch(() => null)) as (T & { error?: string; failure?: string | null }) | null;
  if (!accept.includes(r.status) || !json) throw new ApiError(r.status, json?.error ?? `the studio answered ${r.status}`, json?.failure ?? null);
  return json;
}

export const api = {
  workspace: () => call<Workspace>('GET', '/workspace'),
  files: (brand: string) => call<{ folder: string; files: Files; product?: { folder: string; files: Files } }>('GET', `/files?brand=${encodeURIComponent(brand)}`),
  draft: (brand: string, layers: LayersBody) => call<DraftAnswer>('POST', '/draft', { brand, layers }),
  where: (brand: string, key: string, layers: LayersBody) => call<WhereAnswer>('POST', '/where', { brand, key, layers }),
  review: (layers: LayersBody) => call<ReviewAnswer>('POST', '/review', { layers }),
  save: (layers: LayersBody) => call<SaveAnswer>('POST', '/save', { layers }, [200, 409, 422]),
  preview: (data: string, brand: string) => call<{ username: string; password: string }>('POST', '/preview', { data, brand }),
  phone: (on: boolean) => call<PreviewState>('POST', '/phone', { on }),
  backend: (brand: string, calls: { endpoint: string; payload: Record<string, unknown> }[]) => call<{ answers: ({ data: unknown } | { error: string })[] }>('POST', '/backend', { brand, calls }),
};

/** What the page says of a failed call: the studio's own failure (with its code), or the request it refused (with the detail, in English). */
export const errorText = (w: Pick<Words, 'failed' | 'refused'>, err: unknown): string => (err instanceof ApiError && err.status >= 500 ? w.failed(err.failure) : w.refused(err instanceof Error ? err.message : String(err)));
