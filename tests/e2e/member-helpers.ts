/** What the member-screen browser tests share: a logged-in page, request recorders, mock state. */
import type { Browser, Page } from 'playwright-core';
import { BASE, loginByApi, newPage, toasts } from './harness';

/** A fresh page logged in as `username` (default the seeded member), opened at `path`. */
export async function memberPage(browser: Browser, path: string, username?: string, password?: string): Promise<Page> {
  const { page } = await newPage(browser);
  await loginByApi(page, path, username, password);
  return page;
}

/** Records the JSON bodies of the requests to an /api path from now on. */
export function recordRequests(page: Page, apiPath: string) {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === apiPath) {
      let body: unknown;
      try {
        body = r.postDataJSON();
      } catch {
        body = null; // multipart or no body
      }
      bodies.push((body ?? {}) as Record<string, unknown>);
    }
  });
  return { count: () => bodies.length, bodies: () => bodies, last: () => bodies[bodies.length - 1] };
}

export interface MockMember {
  username: string;
  balance: number;
  isagent: number;
  sendnums: number;
  acquirednum: number;
  mobile: string;
  email: string;
  birthday: string;
  avatar: string;
  jisuan: number;
  nojisuan: number;
  cards: { id: number; kind: string; bank: string; bank_no: string; bank_owner: string; bank_address: string }[];
  counts: Record<string, number>;
}

/** A member as the mock holds it now (money in yuan). */
export async function mockMember(username = 'demo01'): Promise<MockMember> {
  const r = (await (await fetch(`${BASE}/__mock/state`)).json()) as { data: { members: MockMember[] } };
  const m = r.data.members.find((x) => x.username === username);
  if (!m) throw new Error(`no member ${username}`);
  return m;
}

/** Patch a member through the mock's control surface. */
export async function patchMember(patch: Record<string, unknown>): Promise<void> {
  const r = await fetch(`${BASE}/__mock/member`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(patch) });
  if (!r.ok) throw new Error(`/__mock/member answered ${r.status}: ${await r.text()}`);
}

/** Register a fresh member through the API (no history at all). */
export async function registerMember(name: string, password = 'pass1234'): Promise<void> {
  const r = await fetch(`${BASE}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, password, confirmPass: password, realname: '李四', paypassword: '654321', code: '' }),
  });
  const json = (await r.json()) as { code: number };
  if (json.code !== 200) throw new Error(`register failed: ${JSON.stringify(json)}`);
}

export const byTestId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`);

/** Scrolls to the end of the page until `text` shows at the end of a paged list. */
export async function scrollUntil(page: Page, text: string, maxSteps = 40) {
  // the list on screen: a tab rendered ahead (Tabs `prerender`) has its own end, hidden
  const end = page.getByText(text, { exact: true }).filter({ visible: true });
  for (let i = 0; i < maxSteps; i++) {
    if (await end.isVisible()) return;
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(150);
  }
  await end.waitFor({ state: 'visible', timeout: 3000 });
}

/** Open a FilterBar sheet by its test id and choose `label`. */
export async function chooseFilter(page: Page, testId: string, label: string) {
  await byTestId(page, testId).click();
  const sheet = page.locator('.w-filterbar-sheet:visible').last();
  await sheet.getByRole('radio', { name: label, exact: true }).click();
  await sheet.waitFor({ state: 'hidden' });
}

/** Runs `act` and returns the first toast after it that is not the loading indicator (加载中...). */
export async function resultToast(page: Page, act: () => Promise<unknown>, timeout = 8000): Promise<string> {
  const before = (await toasts(page)).length;
  await act();
  const loading = '加载中...';
  await page.waitForFunction(
    ([n, skip]) => ((window as unknown as { __toasts: string[] }).__toasts ?? []).slice(n as number).some((t) => t !== skip),
    [before, loading] as const,
    { timeout },
  );
  return (await toasts(page)).slice(before).find((t) => t !== loading) ?? '';
}
