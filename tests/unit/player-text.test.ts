/** Issue 30: the player never reads a backend message without Chinese (src/engine/player-text.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/config';
import { playerText } from '../../src/engine/player-text';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('playerText', () => {
  it('shows a Chinese message as it came, logging nothing', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(playerText('transfer', true, '转账成功')).toBe('转账成功');
    expect(playerText('withdraw', false, '取款密码错误')).toBe('取款密码错误');
    expect(info).not.toHaveBeenCalled();
  });

  it("falls back to the call's own text of messages.json, success or refusal, and logs the backend's words", () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(playerText('transall', true, 'transfer success')).toBe(messages['reply.transall']);
    expect(playerText('dofanshui', true, 'success')).toBe(messages['reply.dofanshui']);
    expect(playerText('doactivityapply', true, 'activity apply success')).toBe(messages['reply.doactivityapply']);
    expect(playerText('uptransferstatus', false, 'No eligible records')).toBe(messages['reply.uptransferstatus.failed']);
    expect(info).toHaveBeenCalledWith('[api] transall: the backend\'s message "transfer success" has no Chinese; shown as "回收成功"');
    expect(info).toHaveBeenCalledTimes(4);
  });

  it('a call without a text of its own gets the general one; an empty message is no message', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(playerText('get_pay_way', false, 'Server Error')).toBe(messages['reply.failed']);
    expect(playerText('bindcard', true, 'ok')).toBe(messages['reply.ok']);
    expect(playerText('bindcard', true, '')).toBe(messages['reply.ok']);
    expect(info).toHaveBeenCalledTimes(2);
    for (const k of ['reply.ok', 'reply.failed', 'reply.transall', 'reply.uptransferstatus.failed']) expect(messages[k]).toMatch(/\p{Script=Han}/u);
  });
});
