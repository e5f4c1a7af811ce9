/**
 * Drafts of forms: what a player typed in a form and has not submitted yet, kept for
 * the tab in sessionStorage (never localStorage) so that a reload, a tab the phone discarded while
 * the player was in the bank's app, or a crash loses nothing. Pure functions over a Storage (the
 * keeper, form-draft-keeper.tsx, uses them; tests/unit/form-draft.test.ts tests them):
 *
 * - kept: the fields a player types or chooses in, never a secret: no `password` or `captcha`
 *   field, nothing hidden or read-only, no field whose autocomplete names a secret
 *   (current-password, new-password, one-time-code, a card's number or code), no field that says
 *   `"draft": false` (check:config asks for it on a field that looks secret: a 口令, a PIN);
 * - only what differs from the field's default (a form prefilled from the member's data keeps
 *   nothing until the player changes it);
 * - one draft per form, `draft.<form>`, holding its owner (the member's name, '' for a visitor:
 *   never the token), the time of the last edit and the values;
 * - read back only by the same owner within `maxAgeMs` of the last edit: another member's draft, an
 *   old one or one that cannot be read is removed when found (and `sweepDrafts` removes every such
 *   draft when a form opens). A logout or an expired session empties the tab's storage
 *   (clearSession), drafts with it.
 */
import type { FieldConfig } from '../config/types';

/** sessionStorage key of a form's draft: `draft.<form name>` */
export const DRAFT_PREFIX = 'draft.';

export type DraftValue = string | number | boolean;

export interface Draft {
  owner: string;
  /** ms since 1970 of the last edit */
  at: number;
  values: Record<string, DraftValue>;
}

/** autocomplete tokens of secrets (HTML autofill names): such a field is never kept, whatever its type */
const SECRET_AUTOCOMPLETE = /password|one-time-code|cc-number|cc-csc/i;

/** Whether a draft may keep this field's value: typed or chosen by the player, and no secret. */
export function keeps(field: FieldConfig): boolean {
  return (
    field.type !== 'password' &&
    field.type !== 'captcha' &&
    field.type !== 'hidden' &&
    !field.readOnly &&
    field.draft !== false &&
    !SECRET_AUTOCOMPLETE.test(field.autoComplete ?? '')
  );
}

/**
 * Who a draft belongs to: the member's name, '' for a visitor; null while a member's user entity
 * is not known yet (just after a login): nothing is read or kept until it is.
 */
export function ownerOf(token: string | null, user: { readonly username?: unknown } | null): string | null {
  if (!token) return '';
  return user && typeof user.username === 'string' && user.username ? user.username : null;
}

const isValue = (v: unknown): v is DraftValue => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/** The values a draft of these fields keeps: the kept fields whose value differs from their default. */
export function draftValues(fields: readonly FieldConfig[], values: Record<string, unknown>, defaults: Record<string, unknown>): Record<string, DraftValue> {
  const out: Record<string, DraftValue> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (keeps(f) && isValue(v) && !same(v, defaults[f.name])) out[f.name] = v;
  }
  return out;
}

function parse(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<Draft> | null;
    if (!d || typeof d.owner !== 'string' || typeof d.at !== 'number' || !d.values || typeof d.values !== 'object') return null;
    return d as Draft;
  } catch {
    return null;
  }
}

/** storage refuses (disabled, full, a sandbox): drafts are an extra, the form works without */
function attempt(fn: () => void): void {
  try {
    fn();
  } catch {
    /* nothing kept */
  }
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function dropDraft(storage: Storage, form: string): void {
  attempt(() => storage.removeItem(DRAFT_PREFIX + form));
}

/**
 * The values to put back into the form: the kept fields of the draft, if it is this owner's and
 * its last edit is at most `maxAgeMs` old. A draft that is not (another member's, too old,
 * unreadable) is removed. A field that is no longer kept (the config made it a password since) is
 * never put back.
 */
export function readDraft(storage: Storage, form: string, owner: string, now: number, maxAgeMs: number, fields: readonly FieldConfig[]): Record<string, DraftValue> | null {
  const raw = read(storage, DRAFT_PREFIX + form);
  const d = parse(raw);
  if (!d || d.owner !== owner || now - d.at > maxAgeMs) {
    if (raw !== null) dropDraft(storage, form);
    return null;
  }
  const out: Record<string, DraftValue> = {};
  for (const f of fields) {
    const v = d.values[f.name];
    if (keeps(f) && isValue(v)) out[f.name] = v;
  }
  return Object.keys(out).length ? out : null;
}

/** Keeps what the player typed (what differs from the defaults); nothing left to keep removes the draft. */
export function saveDraft(
  storage: Storage,
  form: string,
  owner: string,
  now: number,
  fields: readonly FieldConfig[],
  values: Record<string, unknown>,
  defaults: Record<string, unknown>,
): void {
  const kept = draftValues(fields, values, defaults);
  if (!Object.keys(kept).length) return dropDraft(storage, form);
  const draft: Draft = { owner, at: now, values: kept };
  attempt(() => storage.setItem(DRAFT_PREFIX + form, JSON.stringify(draft)));
}

/** Removes every draft of the tab that is not this owner's or is older than `maxAgeMs`. */
export function sweepDrafts(storage: Storage, owner: string, now: number, maxAgeMs: number): void {
  attempt(() => {
    const stale: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(DRAFT_PREFIX)) continue;
      const d = parse(storage.getItem(key));
      if (!d || d.owner !== owner || now - d.at > maxAgeMs) stale.push(key);
    }
    for (const key of stale) storage.removeItem(key);
  });
}
