/**
 * Issue 11: the top bar's recycle-all is config (app.json topBar.recycle) run by the engine with
 * the shell's scope, and does what the hand-written call did: transall with the loading
 * indicator, a success toast of reply.data.msg, else reply.message, else @success.operation,
 * then the user and the balances reloaded; a failure toasts nothing more and reloads nothing.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const events: string[] = [];
vi.mock('../../src/engine/ui', () => ({ ui: { toast: (t: string) => void events.push(`toast ${t}`), success: (t: string) => void events.push(`success ${t}`), fail: (t: string) => void events.push(`fail ${t}`) } }));
vi.mock('../../src/store/session', () => ({
  session: { token: 'tok' },
  clearSession: () => undefined,
  refreshMoney: async () => void events.push('refreshMoney'),
  loadUser: async () => void events.push('loadUser'),
  signIn: async () => undefined,
}));

const { runActions } = await import('../../src/engine/actions');
const { shellScope } = await import('../../src/engine/shell-actions');
const { appConfig, message } = await import('../../src/config');
const { configureClient } = await import('../../src/api/client');
const { asActions } = await import('../../src/config/types');

function replying(body: unknown) {
  configureClient({
    baseUrl: 'http://api.test',
    getToken: () => 'tok',
    isOffline: () => false,
    showLoading: () => void events.push('loading:on'),
    hideLoading: () => void events.push('loading:off'),
    onError: (m) => void events.push(`error ${m}`),
    fetch: (async (url: string | URL | Request) => {
      events.push(`call ${new URL(String(url)).pathname}`);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch,
  });
}

const recycle = () =>
  runActions(asActions(appConfig.topBar.recycle), { scope: () => shellScope('/', ''), navigate: () => undefined, back: () => undefined, currentPath: () => '/' });

beforeEach(() => {
  events.length = 0;
});

describe('top bar recycle-all (app.json topBar.recycle)', () => {
  it('calls transall with the loading indicator, toasts reply.data.msg, then reloads the user and the balances', async () => {
    replying({ code: 200, message: '操作成功', data: { msg: '一键回收成功，共回收 408.50 元' } });
    expect(await recycle()).toBe(true);
    expect(events).toEqual(['loading:on', 'call /api/transall', 'loading:off', 'success 一键回收成功，共回收 408.50 元', 'loadUser', 'refreshMoney']);
  });

  it("without data.msg toasts the server message, and without one in Chinese the call's own text (@reply.transall)", async () => {
    replying({ code: 200, message: '暂无可回收的场馆余额', data: null });
    await recycle();
    expect(events).toContain('success 暂无可回收的场馆余额');
    events.length = 0;
    replying({ code: 200, message: '', data: null });
    await recycle();
    expect(events).toContain(`success ${message('reply.transall')}`);
    events.length = 0;
    // the Laravel original, running: transfer success
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    replying({ code: 200, message: 'transfer success', data: null });
    await recycle();
    expect(events).toContain(`success ${message('reply.transall')}`);
    expect(info).toHaveBeenCalledTimes(1);
    info.mockRestore();
  });

  it('a refused call shows the server message once and reloads nothing', async () => {
    replying({ code: 500, message: '系统繁忙', data: null });
    expect(await recycle()).toBe(false);
    expect(events).toEqual(['loading:on', 'call /api/transall', 'loading:off', 'error 系统繁忙']);
  });
});
