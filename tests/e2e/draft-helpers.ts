/**
 * What the browser tests of form drafts share (issue 39): the tab's storage as the page holds it,
 * read after every step; the note of a restored draft; logging out as a player does.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { BASE, dialogText, go } from './harness';

/** What the note of a restored draft says (messages.json form.draftRestored) */
export const RESTORED = '已恢复您上次未提交的内容';
/** What a submit that got no answer says (messages.json form.notArrived) */
export const NOT_ARRIVED = '网络异常，提交未完成。已保留您填写的内容，请再次提交';

/** sessionStorage and localStorage, every key with its value */
export async function storages(page: Page): Promise<{ session: Record<string, string>; local: Record<string, string> }> {
  return page.evaluate(() => {
    const all = (s: Storage) => Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i) ?? '').map((k) => [k, s.getItem(k) ?? '']));
    return { session: all(sessionStorage), local: all(localStorage) };
  });
}

/**
 * The drafts' pending writes have run: the keeper writes once the browser is idle (issue 38), and an
 * idle callback asked for now runs after every one asked for before it.
 */
export async function draftsWritten(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => r())));
}

/** The values a form's draft keeps in sessionStorage, or null when it has none. */
export async function draftValues(page: Page, form: string): Promise<Record<string, unknown> | null> {
  const raw = (await storages(page)).session[`draft.${form}`];
  return raw ? (JSON.parse(raw) as { values: Record<string, unknown> }).values : null;
}

/**
 * Nothing typed into a password field is in either storage: none of `secrets` (what the test typed
 * there: distinct enough to be found nowhere else) is in any key or value, and no draft keeps a
 * field named in `passwordFields`. Nothing is in localStorage that a draft wrote.
 */
export async function expectNoSecretStored(page: Page, secrets: string[], passwordFields: string[]) {
  await draftsWritten(page);
  const { session, local } = await storages(page);
  const all = JSON.stringify([session, local]);
  for (const s of secrets) expect(all.includes(s), `"${s}" was typed in a password field and is in storage`).toBe(false);
  for (const [key, value] of Object.entries(session)) {
    if (!key.startsWith('draft.')) continue;
    const kept = Object.keys((JSON.parse(value) as { values: Record<string, unknown> }).values);
    expect(kept.filter((k) => passwordFields.includes(k)), `${key} keeps a password field`).toEqual([]);
  }
  expect(Object.keys(local).filter((k) => k.startsWith('draft.'))).toEqual([]);
}

/** The note above a form whose draft was put back. */
export const draftNote = (page: Page) => page.locator('.cfg-draft');

/** Log out as a player does: 我的, 退出登录, 确定; the app lands on /login with the tab's storage emptied. */
export async function logoutAsPlayer(page: Page) {
  await go(page, '/mine');
  await page.locator('[data-testid="mine-logout"]').click();
  expect(await dialogText(page)).toContain('确定要退出登录吗？');
  await page.locator('.adm-dialog-footer').getByText('确定', { exact: true }).click();
  await page.waitForURL(`${BASE}/#/login`);
}

/** The values of these inputs (by name), in order. */
export async function inputValues(page: Page, names: string[]): Promise<string[]> {
  return Promise.all(names.map((n) => page.locator(`input[name="${n}"]:not([type=hidden]):visible`).first().inputValue()));
}

/**
 * Waits until the drafts' chunk has run on this page (the app's first screen asks for it once
 * painted) and the page has painted since: a form then shows what its draft put back, or that it
 * has none.
 */
export async function draftsLoaded(page: Page) {
  const found = await page.waitForFunction(() => performance.getEntriesByType('resource').map((e) => e.name).find((n) => /\/form-draft-keeper-[\w-]+\.js$/.test(n)) ?? false);
  const url = (await found.jsonValue()) as string;
  // as a string: the test runner would rewrite an import() written in a function
  await page.evaluate(`import(${JSON.stringify(url)}).then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))`);
}
