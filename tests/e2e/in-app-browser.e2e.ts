/**
 * Issue 29 point 5: in-app browsers that do not download an app package (WeChat, QQ… known by
 * their user agent, app.json inAppBrowser.userAgents). Where the app hands the player to a
 * download (/app's 立即下载 and its download frame, /gamePage?app=1) they see the guidance to
 * open the page in the system browser (inAppBrowser.title and steps) instead of a button that
 * silently does nothing; every other browser keeps the download.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserPerFile, expectClean, go, loginByApi, mockSettings, newPage, resetMock } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const guide = (JSON.parse(readFileSync(path.join(root, 'screens.config', 'app.json'), 'utf8')) as { inAppBrowser: { userAgents: string[]; title: string; steps: string[] } }).inAppBrowser;

/** WeChat 8 on Android (an X5/XWeb engine) and the QQ app on Android, as they report themselves */
const WECHAT = 'Mozilla/5.0 (Linux; Android 10; V1981A Build/QP1A.190711.020; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/86.0.4240.99 XWEB/4317 MMWEBSDK/20220903 Mobile Safari/537.36 MMWEBID/6294 MicroMessenger/8.0.28.2240(0x28001C35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const QQ = 'Mozilla/5.0 (Linux; Android 12; PEGM00 Build/SKQ1.211103.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/98.0.4758.102 MQQBrowser/6.2 TBS/046317 Mobile Safari/537.36 V1_AND_SQ_8.9.28_3700_YYB_D QQ/8.9.28.10155 NetType/WIFI WebP/0.3.0 AppId/537146874 Pixel/1080 StatusBarHeight/96 SimpleUISwitch/0 QQTheme/1000 InMagicWin/0 StudyMode/0 CurrentMode/0 CurrentFontScale/1.0 GlobalDensityScale/0.9 AppVersion/8.9.28';
/** the QQ browser (a real browser that downloads): not an in-app browser */
const QQ_BROWSER = 'Mozilla/5.0 (Linux; U; Android 12; zh-cn; PEGM00 Build/SKQ1.211103.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/98.0.4758.102 MQQBrowser/13.4 Mobile Safari/537.36 COVC/045730';

const env = browserPerFile();
beforeEach(async () => {
  await resetMock();
  await mockSettings({ index_modal: 0 });
});

async function as(userAgent: string): Promise<Page> {
  return (await newPage(env.browser, { userAgent })).page;
}

async function guidance(p: Page): Promise<{ title: string; steps: string[] }> {
  const box = p.locator('[data-testid=open-in-browser]');
  await box.waitFor();
  return { title: await box.locator('h2').innerText(), steps: await box.locator('li').allInnerTexts() };
}

describe('/app (APP下载)', () => {
  it.each([
    ['WeChat', WECHAT],
    ['QQ', QQ],
  ])('in %s shows the steps to open the page in the system browser, not a download that does nothing', async (_name, ua) => {
    const p = await as(ua);
    await loginByApi(p, '/app');
    expect(await guidance(p)).toEqual({ title: guide.title, steps: guide.steps });
    // the QR code stays (another phone's browser can scan it); nothing that downloads is there
    await p.getByAltText('APP下载二维码').waitFor();
    expect(await p.locator('[data-testid=app-download]').count()).toBe(0);
    expect(await p.locator('[data-testid=download-frame]').count()).toBe(0);
    expect(await p.locator('[data-testid=install-app]').count()).toBe(0);
    // one guidance only, readable (axe: no serious or critical finding, contrast included)
    expect(await p.locator('.w-openinbrowser').count()).toBe(1);
    const { violations } = await new AxeBuilder({ page: p }).include('[data-testid=open-in-browser]').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expectClean(p);
  });

  it('in a browser that downloads (the QQ browser) keeps 立即下载 and the download frame, with no guidance', async () => {
    const p = await as(QQ_BROWSER);
    await loginByApi(p, '/app');
    await p.locator('[data-testid=app-download]').waitFor();
    await p.locator('[data-testid=download-frame]').waitFor({ state: 'attached' });
    expect(await p.locator('[data-testid=open-in-browser]').count()).toBe(0);
    expectClean(p);
  });
});

describe('/gamePage?app=1 (the download page in a frame)', () => {
  it('in WeChat shows the guidance instead of the frame', async () => {
    const p = await as(WECHAT);
    await go(p, '/gamePage?app=1');
    expect(await guidance(p)).toEqual({ title: guide.title, steps: guide.steps });
    expect(await p.locator('[data-testid=game-frame]').count()).toBe(0);
    expectClean(p);
  });
});
