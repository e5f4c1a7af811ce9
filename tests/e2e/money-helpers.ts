/** What the money browser tests share: a logged-in page, request counters, picker choices, mock state. */
import type { Page } from 'playwright-core';
import { BASE } from './harness';

/** A fresh page logged in as the seeded member, opened at `path`. */
export { memberPage } from './member-helpers';

/** Counts requests to an /api path from now on; `count()` reads it, `bodies()` their JSON bodies. */
export function countRequests(page: Page, apiPath: string) {
  const bodies: unknown[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === apiPath) bodies.push(r.postDataJSON() ?? null);
  });
  return { count: () => bodies.length, bodies: () => bodies };
}

/** Choose `label` in the select field `name` of form `form` (antd-mobile Picker). */
export async function pick(page: Page, form: string, name: string, label: string) {
  const field = page.locator(`#${form}-${name}`);
  // The wheel takes a value when it has finished scrolling to it; on a loaded machine a tap can
  // land while the popup is still opening, or the confirm can beat the wheel's last update. So
  // tap until the wheel marks the entry selected, confirm, and start over until the field shows it.
  for (let round = 1; ; round++) {
    await field.click();
    const popup = page.locator('.adm-picker-popup .adm-popup-body:visible').last();
    const item = popup.locator('.adm-picker-view-column-item', { hasText: label }).first();
    await item.waitFor({ state: 'attached' });
    const selected = popup.locator('.adm-picker-view-column-item[data-selected=true]', { hasText: label });
    for (let tap = 1; ; tap++) {
      await item.dispatchEvent('click');
      try {
        await selected.waitFor({ timeout: 3000 });
        break;
      } catch (err) {
        if (tap >= 5) throw err;
      }
    }
    // the picker hands over its value when the wheel's spring comes to rest: wait until the
    // wheel has not moved for a while before confirming
    const wheel = popup.locator('.adm-picker-view-column-wheel').first();
    let last = '';
    let still = Date.now();
    const until = Date.now() + 5000;
    while (Date.now() < until) {
      const now = await wheel.evaluate((el) => getComputedStyle(el).transform);
      if (now !== last) {
        last = now;
        still = Date.now();
      } else if (Date.now() - still > 400) break;
      await page.waitForTimeout(50);
    }
    await popup.locator('.adm-picker-header-button').last().click();
    await popup.waitFor({ state: 'hidden' });
    if ((await field.innerText()).includes(label)) return;
    if (round >= 3) throw new Error(`the picker of ${form}.${name} did not take "${label}"`);
  }
}

/** The seeded member as the mock holds it now (money in yuan). */
export async function mockMember(username = 'demo01'): Promise<{
  balance: number;
  gameblance: number;
  total: number;
  venues: Record<string, number>;
  transferstatus: number;
  bet_amount: number;
  counts: Record<string, number>;
}> {
  const r = (await (await fetch(`${BASE}/__mock/state`)).json()) as { data: { members: { username: string }[] } };
  const m = r.data.members.find((x) => x.username === username);
  if (!m) throw new Error(`no member ${username}`);
  return m as never;
}

/** Text of an element by data-testid. */
export const byTestId = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`).first();

/** Runs `act` and returns the first toast after it that is not the loading indicator. */
export async function resultToastAfter(page: Page, act: () => Promise<unknown>, timeout = 8000): Promise<string> {
  const loading = await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts.length);
  await act();
  const handle = await page.waitForFunction(
    (n) => {
      const all = (window as unknown as { __toasts: string[] }).__toasts.slice(n);
      return all.find((t) => t !== '加载中...') ?? false;
    },
    loading,
    { timeout },
  );
  return (await handle.jsonValue()) as string;
}
