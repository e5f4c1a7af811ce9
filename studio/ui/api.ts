/** The studio's API as the page calls it (studio/api.ts): JSON in, JSON out, same origin. */
import type { CheckedUnit, FieldProblem, FileReview } from '../studio';
import type { Bundle } from './SectionForm';

type Problem = FieldProblem;
type Files = Record<string, { text: string; hash: string }>;

export interface Workspace {
  /** folder: the top layer's; over: a brand's product folder */
  brands: { id: string; label: string; folder: string; over?: string }[];
  schemas: Bundle;
  /** what a brand's merge reads of the schemas (studio.ts layering) */
  layering: { files: Record<string, object>; props: Record<string, object>; format: number };
  queries: Record<string, string>;
  preview: PreviewState | null;
}

/** where the preview is, the phone switch (on: the addresses a phone may open), what a phone gets there */
export interface PreviewState {
  origin: string;
  network: string[];
  phone: boolean;
  gets: string;
}

export interface EditsBody {
  brand: string;
  base: Record<string, string>;
  drafts: Record<string, unknown>;
}

export interface DraftAnswer {
  problems: Problem[];
  disk: Record<string, string>;
  /** a brand's: the product's files on disk */
  product?: Record<string, string>;
  conflicts: string[];
  routes: Record<string, string[]>;
}

export interface ReviewAnswer {
  files: FileReview[];
  problems: Problem[];
  refusal?: string;
}

export type SaveAnswer = { saved: true; written: string[]; disk: Record<string, string>; problems: Problem[]; checked: CheckedUnit[] } | { saved: false; refusal: string; files: FileReview[]; problems: Problem[] };

export class ApiError extends Error {}

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown, accept: number[] = [200]): Promise<T> {
  const r = await fetch(`/studio-api${url}`, method === 'POST' ? { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : { method });
  const json = (await r.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!accept.includes(r.status) || !json) throw new ApiError(json?.error ?? `the studio answered ${r.status}`);
  return json;
}

export const api = {
  workspace: () => call<Workspace>('GET', '/workspace'),
  files: (brand: string) => call<{ folder: string; files: Files; product?: { folder: string; files: Files } }>('GET', `/files?brand=${encodeURIComponent(brand)}`),
  draft: (body: EditsBody) => call<DraftAnswer>('POST', '/draft', body),
  where: (body: EditsBody & { key: string }) => call<{ text: string; found: boolean; routes: string[] }>('POST', '/where', body),
  review: (body: EditsBody) => call<ReviewAnswer>('POST', '/review', body),
  save: (body: EditsBody) => call<SaveAnswer>('POST', '/save', body, [200, 409, 422]),
  preview: (data: string, brand: string) => call<{ username: string; password: string }>('POST', '/preview', { data, brand }),
  phone: (on: boolean) => call<PreviewState>('POST', '/phone', { on }),
};
