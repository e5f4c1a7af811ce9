/** Issue 6: /withdrawal as the seeded member at 375x812 (SPEC.md sections 5, 8, 9). */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { constants } from '../../src/config';
import { allowConsole, BASE, expectClean, fill, go, loginByApi, mock, mockFault, newPage, resetMock, SEED, submit, toastAfter, toasts, browserPerFile } from './harness';
import { byTestId, countRequests, memberPage, mockMember, pick, resultToastAfter } from './money-helpers';
import { advance, onPageClock, pauseClock } from './page-clock';
import { draftNote, draftValues, draftsWritten, expectNoSecretStored, inputValues, NOT_ARRIVED, RESTORED } from './draft-helpers';

const env = browserPerFile();
beforeEach(async () => {
  await resetMock();
});

const seededBankCard = async () => {
  const r = (await (await fetch(`${BASE}/__mock/state`)).json()) as {
    data: { members: { username: string; cards: { id: number; kind: string; bank: string; bank_no: string }[] }[] };
  };
  const card = r.data.members.find((m) => m.username === SEED.username)?.cards.find((c) => c.kind === 'bank');
  if (!card) throw new Error('the seed has no bank card');
  return card;
};

async function bankForm(p: Page) {
  await p.locator('form[name=withdraw-bank]').waitFor();
  const card = await seededBankCard();
  return { card, label: `${card.bank}（尾号${card.bank_no.slice(-4)}）` };
}

describe('withdrawal', () => {
  it('checks card, minimum 100, maximum 1000000 and pay password in order; the card and amount survive a reload, never the pay password (issue 39); 100 with the right password lands in /transRecord as pending after 1.5 s', async () => {
    const p = await memberPage(env.browser, '/withdrawal?type=bank');
    const { card, label } = await bankForm(p);
    const withdrawals = countRequests(p, '/api/withdraw');
    const expectToast = async (msg: string) => expect(await toastAfter(p, () => submit(p, '立即取款'))).toBe(msg);

    await expectToast('请选择您要提现到的银行卡');
    await pick(p, 'withdraw-bank', 'bank', label);
    expect(await p.locator('#withdraw-bank-bank').innerText()).toBe(label);
    await expectToast('单笔取款不能低于100元');
    await fill(p, 'amount', '99');
    await expectToast('单笔取款不能低于100元');
    await fill(p, 'amount', '99.99');
    await expectToast('单笔取款不能低于100元');
    // the ceiling (app.json withdrawMax, issue 32), with its own message
    await fill(p, 'amount', '1000000.01');
    await expectToast('单笔取款不能高于1000000元');
    await fill(p, 'amount', '100');
    await expectToast('请输入您的支付密码');
    expect(withdrawals.count()).toBe(0);

    // a wrong pay password: the server's message, everything typed kept
    const wrong = 'Wrong-39-pay';
    await fill(p, 'password', wrong);
    expect(await resultToastAfter(p, () => submit(p, '立即取款'))).toBe('支付密码错误');
    expect(await p.locator('input[name=amount]').inputValue()).toBe('100');

    // a reload: the card and the amount are back, the pay password is not (nor was it ever stored)
    await draftsWritten(p);
    expect(await draftValues(p, 'withdraw-bank')).toEqual({ bank: String(card.id), amount: '100' });
    await expectNoSecretStored(p, [wrong], ['password']);
    await p.reload();
    await draftNote(p).waitFor();
    expect(await draftNote(p).locator('.cfg-draft-text').innerText()).toBe(RESTORED);
    expect(await inputValues(p, ['amount', 'password'])).toEqual(['100', '']);
    await expect.poll(() => p.locator('#withdraw-bank-bank').innerText()).toBe(label);
    await expectNoSecretStored(p, [wrong], ['password']);

    await fill(p, 'password', SEED.payPassword);
    const sent = Date.now();
    expect(await resultToastAfter(p, () => submit(p, '立即取款'))).toBe('提交成功，等待后台审核');
    await p.waitForURL(/#\/transRecord/);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(1400);
    expect(withdrawals.bodies()[1]).toEqual({ amount: 100, bank: card.id, password: SEED.payPassword });
    expect((await mockMember()).balance).toBe(900);

    await p.locator('[data-testid=filter-type]').getByRole('radio', { name: '取款' }).click();
    const row = p.locator('[data-testid=trans-list] .w-cell').first();
    await expect.poll(() => row.innerText()).toContain('待审核');
    expect(await row.innerText()).toContain('100.00');

    // submitted: the draft is gone, the form opens empty (another member's view of a draft: member-cards.e2e.ts)
    expect(await draftValues(p, 'withdraw-bank')).toBeNull();
    await go(p, '/withdrawal?type=bank');
    await p.locator('form[name=withdraw-bank]').waitFor();
    expect(await inputValues(p, ['amount', 'password'])).toEqual(['', '']);
    expect(await draftNote(p).count()).toBe(0);
    await expectNoSecretStored(p, [wrong], ['password']);
    expectClean(p);
  });

  it('USDT: asks for an address, then shows the USDT received after the protocol fee at withdrawusdtrate', async () => {
    const p = await memberPage(env.browser, '/withdrawal');
    await p.locator('form[name=withdraw-usdt]').waitFor();
    expect(await toastAfter(p, () => submit(p, '立即取款'))).toBe('请选择USDT地址');
    await p.getByRole('button', { name: '您还没有USDT地址，去添加' }).waitFor();

    const bank = await seededBankCard();
    await mock('member', {
      cards: [
        { bank: bank.bank, bank_no: bank.bank_no, bank_owner: '张三' },
        { bank: 'USDT', bank_no: 'TXr1Jd6TTuuq5m5TmQxK2ZLwGcbq4hAbCd', bank_owner: 'TRC20' },
        { bank: 'USDT', bank_no: '0x8Ba1f109551bD432803012645Ac136ddd64D9f72', bank_owner: 'ERC20' },
      ],
    });
    await p.reload();
    await p.locator('form[name=withdraw-usdt]').waitFor();
    expect(await byTestId(p, 'withdraw-usdt-received').innerText()).toBe('--');
    await fill(p, 'amount', '1000');
    await pick(p, 'withdraw-usdt', 'bank', 'TRC20（尾号AbCd）');
    // 1000 / 7.3 = 136.986… -> 136.98, minus the TRC20 fee 1
    await expect.poll(() => byTestId(p, 'withdraw-usdt-fee').innerText()).toBe('1.00 USDT');
    expect(await byTestId(p, 'withdraw-usdt-received').innerText()).toBe('135.98 USDT');
    // the ERC20 address on a fresh form (a second pick on the same wheel proved unreliable to
    // drive from a test on a loaded machine; the player's path is the same)
    await p.reload();
    await p.locator('form[name=withdraw-usdt]').waitFor();
    await fill(p, 'amount', '1000');
    await pick(p, 'withdraw-usdt', 'bank', 'ERC20（尾号9f72）');
    await expect.poll(() => byTestId(p, 'withdraw-usdt-fee').innerText()).toBe('5.00 USDT');
    expect(await byTestId(p, 'withdraw-usdt-received').innerText()).toBe('131.98 USDT');
    await fill(p, 'amount', '100.5');
    await expect.poll(() => byTestId(p, 'withdraw-usdt-received').innerText()).toBe('8.76 USDT'); // 13.76 - 5

    await fill(p, 'amount', '99');
    expect(await toastAfter(p, () => submit(p, '立即取款'))).toBe('单笔取款不能低于100元');
    await fill(p, 'amount', '200');
    expect(await toastAfter(p, () => submit(p, '立即取款'))).toBe('请输入您的支付密码');
    await fill(p, 'password', SEED.payPassword);
    const withdrawals = countRequests(p, '/api/withdraw');
    expect(await resultToastAfter(p, () => submit(p, '立即取款'))).toBe('提交成功，等待后台审核');
    await p.waitForURL(/#\/transRecord/);
    const erc = (await (await fetch(`${BASE}/__mock/state`)).json()) as {
      data: { members: { username: string; cards: { id: number; bank_owner: string }[] }[] };
    };
    const ercId = erc.data.members.find((m) => m.username === SEED.username)?.cards.find((c) => c.bank_owner === 'ERC20')?.id;
    expect(withdrawals.bodies()).toEqual([{ amount: 200, bank: ercId, password: SEED.payPassword }]);
    expectClean(p);
  });

  it('a dropped connection keeps the form filled and the button usable; the retry goes through', async () => {
    const p = await memberPage(env.browser, '/withdrawal?type=bank');
    allowConsole(p, /Failed to load resource|net::ERR_/);
    const { label } = await bankForm(p);
    await pick(p, 'withdraw-bank', 'bank', label);
    await fill(p, 'amount', '150');
    await fill(p, 'password', SEED.payPassword);
    // Chromium silently retries a POST dropped on a reused keep-alive socket (once per pooled socket): drop them all
    await mockFault({ path: '/api/withdraw', drop: true, times: 20 });
    const keys: string[] = [];
    p.on('request', (r) => {
      if (r.url().endsWith('/api/withdraw')) keys.push(r.headers()['idempotency-key'] ?? '');
    });
    const failed = p.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/withdraw'));
    // the player is told it did not go through, and that what was typed is kept (issue 39)
    expect(await resultToastAfter(p, () => submit(p, '立即取款'))).toBe(NOT_ARRIVED);
    await failed;
    const button = p.locator('form[name=withdraw-bank] button[type=submit]');
    await expect.poll(() => button.isDisabled()).toBe(false);
    expect(await p.locator('input[name=amount]').inputValue()).toBe('150');
    expect(await p.locator('input[name=password]').inputValue()).toBe(SEED.payPassword);
    expect(await p.locator('#withdraw-bank-bank').innerText()).toBe(label);
    expect(p.url()).toMatch(/#\/withdrawal\?type=bank$/);
    expect((await mockMember()).balance).toBe(1000);
    expect(await toasts(p)).not.toContain('提交成功，等待后台审核');

    await fetch(`${BASE}/__mock/fault`, { method: 'DELETE', headers: { 'Content-Type': 'application/json' } });
    expect(await resultToastAfter(p, () => submit(p, '立即取款'))).toBe('提交成功，等待后台审核');
    await p.waitForURL(/#\/transRecord/);
    expect((await mockMember()).balance).toBe(850);
    // the retry was the same request: the key of the tap that got no answer
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    expectClean(p);
  });

  it('shows the turnover still required and the venues collapsed to 3, refreshed every 3.5 s', async () => {
    await mock('member', { bet_amount: 1234.5 });
    // on Playwright's clock: the poll's interval is moved through, not waited for
    const { page: p, context } = await newPage(env.browser);
    const api = await onPageClock(context, p);
    await loginByApi(p, '/withdrawal');
    // (two calls, answered each in its own time)
    await expect.poll(() => byTestId(p, 'withdraw-turnover').innerText()).toBe('1234.50');
    await expect.poll(() => byTestId(p, 'withdraw-central').innerText()).toBe('1000.00');
    const venues = byTestId(p, 'withdraw-venues');
    await venues.locator('li').first().waitFor();
    expect(await venues.locator('li').count()).toBe(3);
    await p.getByRole('button', { name: '展开全部场馆' }).click();
    expect(await venues.locator('li').count()).toBe(8);
    await p.getByRole('button', { name: '收起' }).click();
    expect(await venues.locator('li').count()).toBe(3);

    // a change on the server shows up at the next poll, every venuePollWithdrawMs from the last reply
    await mock('member', { venues: { ag: 12.34 } });
    await pauseClock(p);
    api.reset();
    const every = constants.venuePollWithdrawMs;
    const step = 100;
    await advance(p, api, 2 * every + step, { step });
    const times = api.times('/api/balancelist');
    expect(times.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < times.length; i++) {
      expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(every);
      expect(times[i] - times[i - 1]).toBeLessThanOrEqual(every + step);
    }
    expect(await venues.locator('[data-key="ag"] .w-balances-value').innerText()).toBe('12.34');
    expectClean(p);
  });
});
