/** Issue 5: mine, logout, profile, avatar and password changes. */
import { beforeEach, describe, expect, it } from 'vitest';
import { constants } from '../../src/config';
import { BASE, captchaCode, dialogText, expectClean, fill, loginByApi, newPage, resetMock, SEED, submit, toastAfter, toasts, browserPerFile, settled } from './harness';
import { byTestId, memberPage, mockMember, patchMember, recordRequests, resultToast } from './member-helpers';
import { advance, onPageClock, pauseClock } from './page-clock';

const env = browserPerFile();
const BALANCE = '/api/balance';
beforeEach(async () => {
  await resetMock();
});

/** A 1x1 PNG and the first bytes of a JPEG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

describe('mine', () => {
  it('shows the member, VIP, days since joining and the central wallet; agent entry follows isagent', async () => {
    const { page: p } = await newPage(env.browser);
    const called: string[] = [];
    p.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) called.push(path);
    });
    const users = recordRequests(p, '/api/user');
    await loginByApi(p, '/mine');
    await expect.poll(() => byTestId(p, 'mine-username').innerText()).toBe(SEED.username);
    // issue 38: /mine asks for what it shows (app info, the member, the wallet; the balance poll
    // every balancePollMs), not the game lists
    await settled(p);
    expect([...new Set(called)].filter((c) => c !== BALANCE).sort()).toEqual(['/api/app', '/api/refreshusermoney', '/api/user']);
    // one read of the member serves the session's start and the screen's onEnter (index.html's early read)
    expect(users.count()).toBe(1);
    expect(await byTestId(p, 'mine-vip').innerText()).toMatch(/^VIP\d+$/);
    expect(await byTestId(p, 'mine-joinday').innerText()).toMatch(/^加入平台第 \d+ 天$/);
    await expect.poll(() => byTestId(p, 'mine-balance').innerText()).toBe('1000.00');
    expect(await byTestId(p, 'mine-applyagent').isVisible()).toBe(true);
    expect(await byTestId(p, 'mine-agentlogin').count()).toBe(0);

    // the balance refresh reloads the user: a changed wallet shows
    await patchMember({ balance: 1234.5 });
    await byTestId(p, 'mine-refresh').click();
    await expect.poll(() => byTestId(p, 'mine-balance').innerText()).toBe('1234.50');

    await patchMember({ isagent: 1 });
    await p.reload();
    await byTestId(p, 'mine-agentlogin').waitFor();
    expect(await byTestId(p, 'mine-applyagent').count()).toBe(0);

    await byTestId(p, 'mine-link-vip').click();
    await p.waitForURL(`${BASE}/#/vip`);
    expectClean(p);
  });

  it('a day later (the mock clock advanced a day): 加入平台第 N+1 天 after a refresh, still logged in', async () => {
    const p = await memberPage(env.browser, '/mine');
    const days = async () => Number(/第 (\d+) 天/.exec(await byTestId(p, 'mine-joinday').innerText())?.[1]);
    await expect.poll(() => byTestId(p, 'mine-username').innerText()).toBe(SEED.username);
    const today = await days();
    const moved = await fetch(`${BASE}/__mock/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: 24 * 3_600_000 }) });
    expect(((await moved.json()) as { code: number }).code).toBe(200);
    await byTestId(p, 'mine-refresh').click();
    await expect.poll(days).toBe(today + 1);
    expect(p.url()).toBe(`${BASE}/#/mine`);
    expectClean(p);
  });

  it('logout asks first, calls logoff, clears sessionStorage and localStorage, stops the balance poll and lands on /login', async () => {
    // on Playwright's clock: the balance poll's interval is moved through, not waited for
    const { page: p, context } = await newPage(env.browser);
    const api = await onPageClock(context, p);
    await loginByApi(p, '/mine');
    await byTestId(p, 'mine-username').waitFor();
    const logoff = recordRequests(p, '/api/logoff');
    expect(await p.evaluate(() => localStorage.length)).toBeGreaterThan(0);

    // cancel keeps everything
    await byTestId(p, 'mine-logout').click();
    expect(await dialogText(p)).toContain('确定要退出登录吗？');
    await p.locator('.adm-dialog-footer').getByText('取消', { exact: true }).click();
    expect(p.url()).toBe(`${BASE}/#/mine`);
    expect(await p.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();

    // the poll runs while logged in (every balancePollMs)
    await p.locator('.adm-dialog').waitFor({ state: 'detached' });
    await pauseClock(p);
    api.reset();
    await advance(p, api, constants.balancePollMs + 500);
    expect(api.count(BALANCE)).toBeGreaterThan(0);
    await p.clock.resume();

    await byTestId(p, 'mine-logout').click();
    await p.locator('.adm-dialog-footer').getByText('确定', { exact: true }).click();
    await p.waitForURL(`${BASE}/#/login`);
    expect(logoff.count()).toBe(1);
    expect(await p.evaluate(() => [sessionStorage.length, localStorage.length])).toEqual([0, 0]);

    // and stops: two intervals on, no balance asked
    await pauseClock(p);
    api.reset();
    await advance(p, api, 2 * constants.balancePollMs);
    expect(api.count(BALANCE)).toBe(0);
    await p.clock.resume();
    // the old page of a member needs a login again
    await p.goto(`${BASE}/#/mine`);
    await p.waitForURL(`${BASE}/#/login`);
    expectClean(p);
  });
});

describe('profile and avatar', () => {
  it('checks the birthday, mobile and email with the spec messages and saves them', async () => {
    const p = await memberPage(env.browser, '/userInfo');
    await p.locator('form[name=userInfo]').waitFor();
    expect(await p.locator('input[name=username]').inputValue()).toBe(SEED.username);
    expect(await p.locator('input[name=username]').getAttribute('readonly')).not.toBeNull();
    expect(await p.locator('input[name=realname]').getAttribute('readonly')).not.toBeNull();

    await fill(p, 'mobile', '1541234567');
    expect(await toastAfter(p, () => submit(p, '确认修改'))).toBe('请输入正确手机号');
    await fill(p, 'mobile', '15412345678');
    expect(await toastAfter(p, () => submit(p, '确认修改'))).toBe('请输入正确手机号');
    await fill(p, 'mobile', '13900001111');
    await fill(p, 'email', 'not-an-email');
    expect(await toastAfter(p, () => submit(p, '确认修改'))).toBe('请输入正确邮箱号');
    await fill(p, 'email', 'new@example.com');
    const calls = recordRequests(p, '/api/updateuserinfo');
    expect(await resultToast(p, () => submit(p, '确认修改'))).toBe('操作成功');
    expect(calls.last()).toEqual({ birthday: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), mobile: '13900001111', email: 'new@example.com' });
    const m = await mockMember();
    expect([m.mobile, m.email]).toEqual(['13900001111', 'new@example.com']);
    expectClean(p);
  });

  it('uploads a png avatar as multipart (the mock needs field file) and shows it; refuses other types without a call', async () => {
    const p = await memberPage(env.browser, '/userInfo');
    await p.locator('form[name=userInfo]').waitFor();
    const uploads = recordRequests(p, '/api/uploadimg');
    const input = p.locator('input[type=file][name=file]');
    expect(await input.getAttribute('accept')).toBe('image/gif,image/png');

    const refused = await toastAfter(p, () => input.setInputFiles({ name: 'a.jpg', mimeType: 'image/jpeg', buffer: JPEG }));
    expect(refused).toBe('头像仅支持 gif 和 png 格式');
    expect(uploads.count()).toBe(0);

    const before = (await mockMember()).avatar;
    const reqPromise = p.waitForRequest((r) => new URL(r.url()).pathname === '/api/uploadimg');
    const ok = await resultToast(p, () => input.setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG }));
    const req = await reqPromise;
    expect(req.headers()['content-type']).toMatch(/^multipart\/form-data/);
    expect(ok).toBe('上传成功');
    const after = (await mockMember()).avatar;
    expect(after).not.toBe(before);
    await expect.poll(() => p.locator('img.w-avatar-img').first().getAttribute('src')).toBe(after);
    expectClean(p);
  });
  it('/mine: the header avatar uploads the same way and shows the new picture, with no success toast (its config names none)', async () => {
    const p = await memberPage(env.browser, '/mine');
    const avatar = byTestId(p, 'mine-avatar');
    const input = avatar.locator('input[type=file][name=file]');
    await input.waitFor({ state: 'attached' });
    const before = (await mockMember()).avatar;
    const shown = (await toasts(p)).length;
    const replied = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/uploadimg');
    await input.setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
    const reply = await replied;
    expect(reply.request().headers()['content-type']).toMatch(/^multipart\/form-data/);
    expect(await reply.json()).toMatchObject({ code: 200 });
    const after = (await mockMember()).avatar;
    expect(after).not.toBe(before);
    // the picture changes after refreshUser (onSuccess), which runs after a success toast would have shown
    await expect.poll(() => avatar.locator('img.w-avatar-img').getAttribute('src')).toBe(after);
    expect((await toasts(p)).slice(shown).filter((t) => t !== '加载中...')).toEqual([]);
    expectClean(p);
  });
});

describe('passwords', () => {
  it('login password: every rule in order, 新旧密码不能一致！ clears the form, then a change lands on /login and the new password logs in', async () => {
    const p = await memberPage(env.browser, '/password?type=1');
    await p.locator('form[name=changePassword]').waitFor();
    expect(await p.locator('.pagebar-title').innerText()).toBe('修改登录密码');
    const expectToast = async (msg: string) => expect(await toastAfter(p, () => submit(p, '确认修改'))).toBe(msg);

    // a toast takes no tap: the button under it answers while it shows (a box that took taps would eat them for toastMs)
    const toastTaps = p.waitForFunction(() => {
      const box = document.querySelector('.ui-toast-main');
      return box ? getComputedStyle(box).pointerEvents : null;
    });
    await expectToast('请输入旧密码');
    expect(await (await toastTaps).jsonValue()).toBe('none');
    await fill(p, 'password', 'demo1');
    await expectToast('请输入新密码');
    await fill(p, 'paypassword', 'new12');
    await expectToast('请输入确认密码');
    await fill(p, 'confirmPass', 'x');
    await expectToast('请输入正确的旧密码长度');
    await fill(p, 'password', SEED.password);
    await expectToast('请输入正确的新密码长度');
    await fill(p, 'paypassword', SEED.password);
    await expectToast('两次密码不一致！');
    await fill(p, 'confirmPass', SEED.password);
    await expectToast('新旧密码不能一致！');
    for (const name of ['password', 'paypassword', 'confirmPass']) expect(await p.locator(`input[name=${name}]`).inputValue()).toBe('');

    await fill(p, 'password', SEED.password);
    await fill(p, 'paypassword', 'brandnew1');
    await fill(p, 'confirmPass', 'brandnew1');
    const calls = recordRequests(p, '/api/editPassword');
    expect(await resultToast(p, () => submit(p, '确认修改'))).toBe('密码修改成功！');
    await p.waitForURL(`${BASE}/#/login`);
    expect(calls.last()).toEqual({ password: SEED.password, paypassword: 'brandnew1' });
    expect(await p.evaluate(() => [sessionStorage.length, localStorage.length])).toEqual([0, 0]);

    await fill(p, 'name', SEED.username);
    await fill(p, 'password', 'brandnew1');
    await fill(p, 'code', await captchaCode(p));
    await submit(p, '立即登录');
    await p.waitForURL(`${BASE}/#/`);
    expect(await p.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
    expectClean(p);
  });

  it('withdrawal password: titled 设置提现密码, changes the pay password and stays logged in', async () => {
    const p = await memberPage(env.browser, '/password?type=2');
    await p.locator('form[name=changePassword]').waitFor();
    expect(await p.locator('.pagebar-title').innerText()).toBe('设置提现密码');
    await fill(p, 'password', SEED.payPassword);
    await fill(p, 'paypassword', '222333');
    await fill(p, 'confirmPass', '222333');
    const calls = recordRequests(p, '/api/editPayPassword');
    expect(await resultToast(p, () => submit(p, '确认修改'))).toBe('密码修改成功！');
    expect(calls.last()).toEqual({ password: SEED.payPassword, paypassword: '222333' });
    expect(await p.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
    // a wrong old pay password shows the server message and keeps the form
    await p.goto(`${BASE}/#/password?type=2`);
    await p.locator('form[name=changePassword]').waitFor();
    await fill(p, 'password', '999999');
    await fill(p, 'paypassword', '444555');
    await fill(p, 'confirmPass', '444555');
    const msg = await resultToast(p, () => submit(p, '确认修改'));
    expect(msg).not.toBe('密码修改成功！');
    expect(await p.locator('input[name=password]').inputValue()).toBe('999999');
  });
});
