/** Issue 6: /recharge and /payInfo as the seeded member at 375x812 (SPEC.md sections 2, 5, 8, 9). */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allowConsole, BASE, dialogText, expectClean, fill, go, loginByApi, mock, mockFault, mockSettings, newPage, resetMock, submit, toastAfter, browserPerFile, settled } from './harness';
import { byTestId, countRequests, memberPage, mockMember, pick, resultToastAfter } from './money-helpers';
import { draftNote, draftValues, draftsWritten, inputValues, NOT_ARRIVED, RESTORED } from './draft-helpers';

const env = browserPerFile();
beforeEach(async () => {
  await resetMock();
});

const tabs = (p: Page) => p.locator('.w-tabs').first().locator('.w-tabs-header').first().getByRole('tab').allInnerTexts();

describe('deposit', () => {
  it('USDT shows the equivalent rounded down and reaches /payInfo with a running countdown', async () => {
    // the back office gives ERC20 a range of its own; TRC20 answers the config's (depositMin-depositMax)
    await mockSettings({ payRange: { 'usdt-erc20': { min_price: 500, max_price: 100000 } } });
    const p = await memberPage(env.browser, '/recharge?type=usdt');
    await p.locator('form[name=recharge-usdt]').waitFor();
    const equivalent = byTestId(p, 'recharge-usdt-equivalent');
    expect(await equivalent.innerText()).toBe('--');
    await fill(p, 'amount', '100');
    await expect.poll(() => equivalent.innerText()).toBe('13.88 USDT'); // 100 / 7.2 = 13.888…
    await fill(p, 'amount', '1000');
    await expect.poll(() => equivalent.innerText()).toBe('138.88 USDT');
    expect(await p.getByText('请务必选择正确的协议进行转账').count()).toBe(1);

    // ERC20 has its own server range (500 to 100000); the amount typed stays
    // (amounts from 10,000 up are written with thousands separators: docs/ENGINE.md, "Money on screen")
    await p.getByRole('tab', { name: 'ERC20' }).click();
    await expect.poll(() => byTestId(p, 'recharge-range').innerText()).toBe('单笔存款范围：500.00 - 100,000.00 元');
    await fill(p, 'amount', '499');
    expect(await toastAfter(p, () => submit(p, '立即存款'))).toBe('请输入金额在500-100000之间！');
    await p.getByRole('tab', { name: 'TRC20' }).click();
    await expect.poll(() => byTestId(p, 'recharge-range').innerText()).toBe('单笔存款范围：100.00 - 10,000.00 元');
    expect(await p.locator('input[name=amount]').inputValue()).toBe('499');

    await fill(p, 'amount', '1000');
    const deposits = countRequests(p, '/api/recharge');
    await submit(p, '立即存款');
    await p.waitForURL(/#\/payInfo\?deposit_no=CK\d+$/);
    expect(deposits.bodies()).toEqual([{ paytype: 'usdt', amount: 1000, catepay: 'usdt-trc20' }]);

    await expect.poll(() => byTestId(p, 'payinfo-amount').innerText()).toBe('1000.00');
    expect(await byTestId(p, 'payinfo-usdt').innerText()).toContain('138.88');
    const no = new URL(p.url().replace('/#/', '/')).searchParams.get('deposit_no');
    expect(await byTestId(p, 'payinfo-info').innerText()).toContain(no!);
    expect(await byTestId(p, 'payinfo-info').innerText()).toContain('USDT');
    const countdown = byTestId(p, 'payinfo-countdown');
    const first = await countdown.innerText();
    expect(first).toMatch(/^(60:00|59:[0-5]\d)$/);
    await expect.poll(() => countdown.innerText(), { timeout: 3000 }).not.toBe(first);
    expect(await byTestId(p, 'payinfo-address').innerText()).toContain('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
    const qr = p.getByAltText('USDT收款二维码');
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await toastAfter(p, () => byTestId(p, 'payinfo-address').click())).toBe('复制成功！');
    expectClean(p);
  });

  it('an amount out of range shows the range message with the server bounds, and the defaults when there are none', async () => {
    await mockSettings({ payRange: { wechat: { min_price: 200, max_price: 300 } } });
    const p = await memberPage(env.browser, '/recharge?type=wxpay');
    await p.locator('form[name=recharge-wechat]').waitFor();
    await expect.poll(() => byTestId(p, 'recharge-range').innerText()).toBe('单笔存款范围：200.00 - 300.00 元');
    const deposits = countRequests(p, '/api/recharge');
    expect(await toastAfter(p, () => submit(p, '立即存款'))).toBe('请输入金额在200-300之间！');
    await fill(p, 'amount', '199.99');
    expect(await toastAfter(p, () => submit(p, '立即存款'))).toBe('请输入金额在200-300之间！');
    await fill(p, 'amount', '300.01');
    expect(await toastAfter(p, () => submit(p, '立即存款'))).toBe('请输入金额在200-300之间！');
    expect(deposits.count()).toBe(0);
    await fill(p, 'amount', '300');
    await submit(p, '立即存款');
    await p.waitForURL(/#\/payInfo\?deposit_no=/);
    await expect.poll(() => byTestId(p, 'payinfo-info').innerText()).toContain('微信');
    expect(deposits.bodies()).toEqual([{ paytype: 'wxpay', amount: 300 }]);

    // no range from the server: 100 to 10000 from config
    await mockFault({ path: '/api/getPayRange', code: 1, times: 10 });
    const q = await memberPage(env.browser, '/recharge?type=alipay');
    await q.locator('form[name=recharge-alipay]').waitFor();
    await fill(q, 'amount', '50');
    expect(await toastAfter(q, () => submit(q, '立即存款'))).toBe('请输入金额在100-10000之间！');
    await fill(q, 'amount', '10000.01');
    expect(await toastAfter(q, () => submit(q, '立即存款'))).toBe('请输入金额在100-10000之间！');
    expectClean(p);
    expectClean(q);
  });

  it('a member with no bound card sees the 温馨提示 modal leading to /wallet', async () => {
    await mock('member', { cards: [] });
    const p = await memberPage(env.browser, '/recharge');
    expect(await dialogText(p)).toContain('您还为绑定任何钱包卡片，请前往绑定！');
    expect(await p.locator('.adm-dialog-content').last().innerText()).toBe('您还为绑定任何钱包卡片，请前往绑定！');
    expect(await p.locator('.adm-dialog-title').last().innerText()).toBe('温馨提示');
    await p.getByRole('button', { name: '前往绑定' }).click();
    await p.waitForURL(/#\/wallet$/);
    expectClean(p);
  });

  it('a member with a USDT address only is not asked to bind', async () => {
    await mock('member', { cards: [{ bank: 'USDT', bank_no: 'TXr1Jd6TTuuq5m5TmQxK2ZLwGcbq4hAbCd', bank_owner: 'TRC20' }] });
    const { page: p } = await newPage(env.browser);
    await loginByApi(p);
    const usdtCards = p.waitForResponse((r) => r.url().endsWith('/api/getcard') && (r.request().postDataJSON() as { type: number }).type === 2);
    await go(p, '/recharge');
    await usdtCards;
    await p.locator('form').first().waitFor();
    await settled(p);
    expect(await p.locator('.adm-dialog').count()).toBe(0);
    expectClean(p);
  });

  it('a deposit that got no answer says so even before the drafts\' chunk has come (a far network, the app opened on 存款), and keeps the amount', async () => {
    const { page: p } = await newPage(env.browser, { viewport: { width: 375, height: 812 } });
    allowConsole(p, /Failed to load resource|net::ERR_/);
    // the drafts' chunk never arrives; the app opens on the deposit screen (a first screen's form does not wait for it)
    await p.route(/form-draft-keeper-[\w-]+\.js$/, () => undefined);
    await loginByApi(p, '/recharge?type=alipay');
    await p.locator('form[name=recharge-alipay]').waitFor();
    await fill(p, 'amount', '300');
    await mockFault({ path: '/api/recharge', drop: true, times: 20 });
    expect(await resultToastAfter(p, () => submit(p, '立即存款'))).toBe(NOT_ARRIVED);
    expect(await inputValues(p, ['amount'])).toEqual(['300']);
    expect(await p.locator('.cfg-draft').count()).toBe(0);
  });

  it('what the player typed before the drafts\' chunk came is kept once it comes: a reload brings the amount back', async () => {
    const { page: p } = await newPage(env.browser, { viewport: { width: 375, height: 812 } });
    // the drafts' chunk is held (a far network) while the player types on the first screen's form
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await p.route(/form-draft-keeper-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await loginByApi(p, '/recharge?type=alipay');
    await p.locator('form[name=recharge-alipay]').waitFor();
    await fill(p, 'amount', '300');
    // it arrives, and keeps what was typed with nothing typed since (before, only a later keystroke was kept)
    release();
    await expect.poll(() => draftValues(p, 'recharge-alipay')).toEqual({ amount: '300' });
    await p.reload();
    await draftNote(p).waitFor();
    expect(await draftNote(p).locator('.cfg-draft-text').innerText()).toBe(RESTORED);
    expect(await inputValues(p, ['amount'])).toEqual(['300']);
    expectClean(p);
  });

  it('bank: shows the receiving accounts, asks name, bank, card number, branch, then amount; a reload keeps them, a lost answer keeps them and the second tap makes one deposit; lands in the records (issue 39)', async () => {
    const p = await memberPage(env.browser, '/recharge');
    allowConsole(p, /Failed to load resource|net::ERR_/);
    await p.locator('form[name=recharge-bank]').waitFor();
    expect(await tabs(p)).toEqual(['网银转账', 'USDT', '微信', '支付宝']);
    await expect.poll(() => p.getByText('6222021001118866775').count()).toBe(1);
    const expectToast = async (msg: string) => expect(await toastAfter(p, () => submit(p, '提交存款信息'))).toBe(msg);
    await expectToast('请输入存款人姓名');
    await fill(p, 'bank_owner', '张三');
    await expectToast('请输入银行类型');
    await pick(p, 'recharge-bank', 'bank', '招商银行');
    await expectToast('请输入银行卡号');
    await fill(p, 'bank_no', '6225880100001234');
    await expectToast('请输入银行开户行地址');
    await fill(p, 'bank_address', '招商银行深圳分行');
    // the mock answers getPayRange as app.json says (depositMin, depositMax): what the brand's back office must be set to
    await expectToast('请输入金额在100-10000之间！');
    await fill(p, 'amount', '500');

    // the player switches to the bank's app and the phone discards the tab: everything is back
    const typed = ['bank_owner', 'bank_no', 'bank_address', 'amount'];
    await draftsWritten(p);
    expect(await draftValues(p, 'recharge-bank')).toEqual({ bank_owner: '张三', bank: '招商银行', bank_no: '6225880100001234', bank_address: '招商银行深圳分行', amount: '500' });
    await p.reload();
    await draftNote(p).waitFor();
    expect(await draftNote(p).locator('.cfg-draft-text').innerText()).toBe(RESTORED);
    expect(await inputValues(p, typed)).toEqual(['张三', '6225880100001234', '招商银行深圳分行', '500']);
    await expect.poll(() => p.locator('#recharge-bank-bank').innerText()).toBe('招商银行');

    // the backend makes the deposit, then the connection drops before its answer (every resend of the browser too)
    const { counts } = await mockMember();
    const keys: string[] = [];
    p.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/recharge') keys.push(r.headers()['idempotency-key'] ?? '');
    });
    await mockFault({ path: '/api/recharge', dropAfter: true, times: 20 });
    expect(await resultToastAfter(p, () => submit(p, '提交存款信息'))).toBe(NOT_ARRIVED);
    const button = p.locator('form[name=recharge-bank] button[type=submit]');
    await expect.poll(() => button.isDisabled()).toBe(false);
    expect(await inputValues(p, typed)).toEqual(['张三', '6225880100001234', '招商银行深圳分行', '500']);
    expect(await p.locator('#recharge-bank-bank').innerText()).toBe('招商银行');
    expect(p.url()).toMatch(/#\/recharge$/);
    expect((await mockMember()).counts.deposits).toBe(counts.deposits + 1);

    // the second tap is the same request: the backend answers it with its first answer and makes no second deposit
    await fetch(`${BASE}/__mock/fault`, { method: 'DELETE', headers: { 'Content-Type': 'application/json' } });
    const deposits = countRequests(p, '/api/recharge');
    expect(await resultToastAfter(p, () => submit(p, '提交存款信息'))).toBe('提交成功，等待后台审核');
    await p.waitForURL(/#\/transRecord/);
    expect(deposits.bodies()).toEqual([
      { paytype: 'bank', amount: 500, bank_owner: '张三', bank: '招商银行', bank_no: '6225880100001234', bank_address: '招商银行深圳分行' },
    ]);
    expect((await mockMember()).counts.deposits).toBe(counts.deposits + 1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    const row = p.locator('[data-testid=trans-list] .w-cell').first();
    await expect.poll(() => row.innerText()).toContain('待审核');
    expect(await row.innerText()).toContain('500.00');

    // submitted: the draft is gone, the form opens empty (another member's view of a draft: member-cards.e2e.ts)
    expect(await draftValues(p, 'recharge-bank')).toBeNull();
    await go(p, '/recharge');
    await p.locator('form[name=recharge-bank]').waitFor();
    expect(await inputValues(p, typed)).toEqual(['', '', '', '']);
    expect(await draftNote(p).count()).toBe(0);
    expectClean(p);
  });

  it('shows only the methods get_pay_way enables', async () => {
    await mockSettings({ pay_way: { card: 0, wechat: 0 } });
    const p = await memberPage(env.browser, '/recharge');
    await p.locator('form[name=recharge-usdt]').waitFor();
    expect(await tabs(p)).toEqual(['USDT', '支付宝']);
    expectClean(p);
  });
});

describe('pay page', () => {
  it('Alipay red packet: asks name, then code, submits for the order; no order number shows 支付参数错误', async () => {
    const p = await memberPage(env.browser, '/recharge?type=alipay');
    await p.locator('form[name=recharge-alipay]').waitFor();
    await fill(p, 'amount', '300');
    await submit(p, '立即存款');
    await p.waitForURL(/#\/payInfo\?deposit_no=/);
    await p.locator('form[name=paycode]').waitFor();
    const no = new URL(p.url().replace('/#/', '/')).searchParams.get('deposit_no');
    expect(await toastAfter(p, () => submit(p, '提交口令'))).toBe('请输入您的姓名');
    await fill(p, 'pay_name', '张三');
    expect(await toastAfter(p, () => submit(p, '提交口令'))).toBe('请输入红包口令');
    await fill(p, 'pay_code', '88888888');
    const codes = countRequests(p, '/api/paycode');
    expect(await resultToastAfter(p, () => submit(p, '提交口令'))).toBe('提交成功，等待后台审核');
    expect(codes.bodies()).toEqual([{ deposit_no: no, pay_code: '88888888', pay_name: '张三' }]);
    await p.waitForURL(/#\/transRecord/);

    const q = await memberPage(env.browser, '/payInfo');
    expect(await byTestId(q, 'payinfo-missing').innerText()).toBe('支付参数错误');
    expectClean(p);
    expectClean(q);
  });
});
