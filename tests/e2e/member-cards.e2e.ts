/** Issue 5: card management — bank cards and USDT addresses, their rules, limits and unbinding. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { BASE, dialogText, expectClean, fill, go, loginByApi, newPage, resetMock, submit, toastAfter, browserPerFile } from './harness';
import { byTestId, memberPage, mockMember, patchMember, recordRequests, resultToast } from './member-helpers';
import { draftNote, draftsLoaded, draftValues, draftsWritten, expectNoSecretStored, inputValues, logoutAsPlayer, RESTORED } from './draft-helpers';

const env = browserPerFile();
beforeEach(async () => {
  await resetMock();
});

/** Choose the first bank of the picker (the wheel opens on it) and confirm. */
async function pickFirstBank(p: Page) {
  await p.locator('#addBankCard-bank').click();
  const popup = p.locator('.adm-picker-popup .adm-popup-body').last();
  await popup.locator('.adm-picker-view-column-item').first().waitFor({ state: 'attached' });
  await popup.locator('.adm-picker-header-button').last().click();
  await popup.waitFor({ state: 'hidden' });
}

async function addBankCard(p: Page, cardNo: string) {
  await p.locator('form[name=addBankCard]').waitFor();
  await fill(p, 'bank_owner', '张伟');
  await pickFirstBank(p);
  await fill(p, 'bank_no', cardNo);
  await fill(p, 'bank_address', '北京市朝阳区支行');
  await fill(p, 'pay_pass', '123456');
  expect(await resultToast(p, () => submit(p, '确认添加'))).toBe('绑定成功');
  await p.waitForURL(`${BASE}/#/wallet?type=1`);
}

describe('bank cards', () => {
  it('meets every add-bank-card rule in order, then binds a card shown with its last 4 digits only; what was typed survives a reload, never the pay password, and is no other member\'s (issue 39)', async () => {
    const p = await memberPage(env.browser, '/addBankCard');
    await p.locator('form[name=addBankCard]').waitFor();
    const expectToast = async (msg: string) => expect(await toastAfter(p, () => submit(p, '确认添加'))).toBe(msg);
    const binds = recordRequests(p, '/api/bindcard');

    await expectToast('请输入姓名');
    await fill(p, 'bank_owner', '张伟');
    await expectToast('请输入银行');
    await pickFirstBank(p);
    await expectToast('请输入开户行地址');
    await fill(p, 'bank_address', '北京市朝阳区支行');
    await expectToast('请输人银行卡号');
    await fill(p, 'bank_no', '6222');
    await expectToast('请输人支付密码');
    await fill(p, 'pay_pass', '12345');
    await expectToast('请输人正确的卡号长度');
    await fill(p, 'bank_no', '6222021234567890');
    await expectToast('请输人支付密码长度');
    await fill(p, 'pay_pass', '1234567890123456789');
    await expectToast('请输人支付密码长度');
    expect(binds.count()).toBe(0);

    // a reload (a pull-to-refresh, a tab the phone discarded): the three text fields and the bank are back, the pay password empty
    const bank = await p.locator('#addBankCard-bank').innerText();
    const textFields = ['bank_owner', 'bank_no', 'bank_address', 'pay_pass'];
    await draftsWritten(p);
    expect(await draftValues(p, 'addBankCard')).toEqual({ bank_owner: '张伟', bank, bank_no: '6222021234567890', bank_address: '北京市朝阳区支行' });
    await expectNoSecretStored(p, ['1234567890123456789'], ['pay_pass']);
    await p.reload();
    await draftNote(p).waitFor();
    expect(await draftNote(p).locator('.cfg-draft-text').innerText()).toBe(RESTORED);
    expect(await draftNote(p).getByRole('button', { name: '清除' }).isVisible()).toBe(true);
    expect(await inputValues(p, textFields)).toEqual(['张伟', '6222021234567890', '北京市朝阳区支行', '']);
    await expect.poll(() => p.locator('#addBankCard-bank').innerText()).toBe(bank);
    await expectNoSecretStored(p, ['1234567890123456789'], ['pay_pass']);

    await fill(p, 'pay_pass', '123456');
    expect(await resultToast(p, () => submit(p, '确认添加'))).toBe('绑定成功');
    await p.waitForURL(`${BASE}/#/wallet?type=1`);
    expect(binds.last()).toMatchObject({ bank_owner: '张伟', bank_no: '6222021234567890', bank_address: '北京市朝阳区支行', pay_pass: '123456' });
    await expect.poll(() => byTestId(p, 'bank-card').count()).toBe(2);
    const text = await p.locator('.w-tabs-pane').innerText();
    expect(text).toContain('**** **** **** 7890');
    expect(text).not.toContain('6222021234567890');

    // bound: the draft is gone, and the form opens empty
    expect(await draftValues(p, 'addBankCard')).toBeNull();
    await go(p, '/addBankCard');
    await p.locator('form[name=addBankCard]').waitFor();
    await draftsLoaded(p);
    expect(await inputValues(p, textFields)).toEqual(['', '', '', '']);
    expect(await draftNote(p).count()).toBe(0);

    // typed again and put back by a reload: 清除 empties the form and drops the draft
    await fill(p, 'bank_owner', '张三');
    await fill(p, 'bank_no', '6222020200112233');
    await draftsWritten(p);
    expect(await draftValues(p, 'addBankCard')).toEqual({ bank_owner: '张三', bank_no: '6222020200112233' });
    await p.reload();
    await draftNote(p).waitFor();
    expect(await inputValues(p, textFields)).toEqual(['张三', '6222020200112233', '', '']);
    await draftNote(p).getByRole('button', { name: '清除' }).click();
    await draftNote(p).waitFor({ state: 'detached' });
    expect(await inputValues(p, textFields)).toEqual(['', '', '', '']);
    expect(await draftValues(p, 'addBankCard')).toBeNull();

    // a key typed just before the page goes is kept: the draft is written on pagehide, not only once idle
    // (the page's idle callbacks never run here)
    await p.evaluate(() => {
      window.requestIdleCallback = () => 0;
    });
    await fill(p, 'bank_owner', '李四');
    expect(await draftValues(p, 'addBankCard')).toBeNull();
    await p.reload();
    await draftNote(p).waitFor();
    expect(await inputValues(p, textFields)).toEqual(['李四', '', '', '']);
    await draftNote(p).getByRole('button', { name: '清除' }).click();
    await draftNote(p).waitFor({ state: 'detached' });

    // typed again, then the member logs out and another logs in: nothing of it is back
    await fill(p, 'bank_owner', '张三');
    await fill(p, 'bank_no', '6222020200112233');
    await fill(p, 'bank_address', '北京市朝阳区支行');
    await fill(p, 'pay_pass', 'Demo-39-pay');
    await draftsWritten(p);
    expect(await draftValues(p, 'addBankCard')).toEqual({ bank_owner: '张三', bank_no: '6222020200112233', bank_address: '北京市朝阳区支行' });
    await expectNoSecretStored(p, ['Demo-39-pay'], ['pay_pass']);
    await logoutAsPlayer(p);
    await expectNoSecretStored(p, ['Demo-39-pay'], ['pay_pass']);
    await loginByApi(p, '/addBankCard', 'agent01', 'agent123');
    await p.locator('form[name=addBankCard]').waitFor();
    await draftsLoaded(p);
    expect(await inputValues(p, textFields)).toEqual(['', '', '', '']);
    expect(await draftNote(p).count()).toBe(0);
    expect(await draftValues(p, 'addBankCard')).toBeNull();
    expectClean(p);
  });

  it('binds cards up to 5, then hides the add button and shows 最多支持添加5张银行卡', async () => {
    const p = await memberPage(env.browser, '/wallet?type=1');
    await expect.poll(() => byTestId(p, 'bank-card').count()).toBe(1);
    for (let i = 2; i <= 5; i++) {
      await expect(byTestId(p, 'bank-limit').count()).resolves.toBe(0);
      await byTestId(p, 'bank-add').click();
      await p.waitForURL(`${BASE}/#/addBankCard`);
      await addBankCard(p, `62220212345678${String(i).padStart(2, '0')}`);
      await expect.poll(() => byTestId(p, 'bank-card').count()).toBe(i);
    }
    await byTestId(p, 'bank-limit').waitFor();
    expect(await byTestId(p, 'bank-limit').innerText()).toBe('最多支持添加5张银行卡');
    expect(await byTestId(p, 'bank-add').count()).toBe(0);
    expect((await mockMember()).cards.filter((c) => c.kind === 'bank')).toHaveLength(5);
    expectClean(p);
  });

  it('unbinds a card after the confirm 确定要解除绑定该卡片吗？ (cancel keeps it)', async () => {
    const p = await memberPage(env.browser, '/wallet?type=1');
    await expect.poll(() => byTestId(p, 'bank-card').count()).toBe(1);
    const dels = recordRequests(p, '/api/delcard');

    await byTestId(p, 'bank-delete').click();
    expect(await dialogText(p)).toContain('确定要解除绑定该卡片吗？');
    await p.locator('.adm-dialog-footer').getByText('取消', { exact: true }).click();
    await p.locator('.adm-dialog-body').waitFor({ state: 'hidden' });
    expect(dels.count()).toBe(0);
    expect(await byTestId(p, 'bank-card').count()).toBe(1);

    await byTestId(p, 'bank-delete').click();
    expect(await dialogText(p)).toContain('确定要解除绑定该卡片吗？');
    const msg = await resultToast(p, () => p.locator('.adm-dialog-footer').getByText('确定', { exact: true }).click());
    expect(msg).toBe('解绑成功');
    await expect.poll(() => byTestId(p, 'bank-card').count()).toBe(0);
    expect(await p.getByText('您还没有添加银行卡').isVisible()).toBe(true);
    expect((await mockMember()).cards.filter((c) => c.kind === 'bank')).toHaveLength(0);
    expect(await byTestId(p, 'bank-add').isVisible()).toBe(true);
  });
});

describe('a card list on a slow network', () => {
  it('shows a loading line, not 您还没有添加银行卡, until the cards arrive', async () => {
    const { page: p } = await newPage(env.browser);
    await loginByApi(p);
    const held: Route[] = [];
    await p.route('**/api/getcard', (route) => void held.push(route));
    await go(p, '/wallet?type=1');
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await p.locator('.w-repeat-loading', { hasText: '加载中...' }).first().waitFor();
    expect(await p.getByText('您还没有添加银行卡').count()).toBe(0);
    expect(await byTestId(p, 'bank-card').count()).toBe(0);
    await Promise.all(held.map((r) => r.continue()));
    await p.unroute('**/api/getcard');
    await expect.poll(() => byTestId(p, 'bank-card').count()).toBe(1);
    expect(await p.locator('.w-repeat-loading').isVisible()).toBe(false);
    expect(await p.getByText('您还没有添加银行卡').count()).toBe(0);
    expectClean(p);
  });
});

describe('USDT addresses', () => {
  it('defaults to TRC20, checks address, protocol and pay password in order, binds and links 了解更多 to /usdtmore', async () => {
    const p = await memberPage(env.browser, '/addUsdtCard');
    await p.locator('form[name=addUsdtCard]').waitFor();
    expect(await p.locator('input[name=bank_owner]').inputValue()).toBe('TRC20');
    expect(await toastAfter(p, () => submit(p, '确认添加'))).toBe('请输入USDT地址');
    const address = `T${'A'.repeat(33)}`;
    await fill(p, 'bank_no', address);
    expect(await toastAfter(p, () => submit(p, '确认添加'))).toBe('请输人支付密码');
    await fill(p, 'pay_pass', '123456');
    const binds = recordRequests(p, '/api/bindcard');
    expect(await resultToast(p, () => submit(p, '确认添加'))).toBe('绑定成功');
    await p.waitForURL(`${BASE}/#/wallet?type=2`);
    expect(binds.last()).toEqual({ bank: 'USDT', bank_owner: 'TRC20', bank_no: address, pay_pass: '123456' });
    await expect.poll(() => byTestId(p, 'usdt-card').count()).toBe(1);
    expect(await byTestId(p, 'usdt-card').innerText()).toContain(`**** **** **** ${address.slice(-4)}`);

    await go(p, '/addUsdtCard');
    await byTestId(p, 'usdt-more').click();
    await p.waitForURL(`${BASE}/#/usdtmore`);
    expectClean(p);
  });

  it('chooses ERC20 and sends it as the protocol', async () => {
    const p = await memberPage(env.browser, '/addUsdtCard');
    await p.locator('form[name=addUsdtCard]').waitFor();
    await p.getByText('ERC20', { exact: true }).click();
    await fill(p, 'bank_no', `0x${'a'.repeat(40)}`);
    await fill(p, 'pay_pass', '123456');
    const binds = recordRequests(p, '/api/bindcard');
    expect(await resultToast(p, () => submit(p, '确认添加'))).toBe('绑定成功');
    expect(binds.last()).toMatchObject({ bank: 'USDT', bank_owner: 'ERC20' });
  });

  it('hides the add button at 5 addresses with 最多支持添加5个地址', async () => {
    const usdt = Array.from({ length: 5 }, (_, i) => ({ bank: 'USDT', bank_owner: 'TRC20', bank_no: `T${String(i).repeat(33)}` }));
    await patchMember({ cards: [...usdt, { bank: '中国工商银行', bank_no: '6222020200112238123', bank_owner: '张伟', bank_address: '北京' }] });
    const p = await memberPage(env.browser, '/wallet');
    await expect.poll(() => byTestId(p, 'usdt-card').count()).toBe(5);
    expect(await byTestId(p, 'usdt-limit').innerText()).toBe('最多支持添加5个地址');
    expect(await byTestId(p, 'usdt-add').count()).toBe(0);
    // the bank tab (one card) still offers its add button
    await p.getByRole('tab', { name: '银行卡' }).click();
    await p.waitForURL(`${BASE}/#/wallet?type=1`);
    await byTestId(p, 'bank-add').waitFor();
    expect(await byTestId(p, 'bank-limit').count()).toBe(0);
  });
});
