import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RAW_PROPS } from '../../src/engine/raw-props.gen';
import { resolveProps, shownItems } from '../../src/engine/props';
import { text } from '../../src/engine/text';

/** A scope as a screen has it: a member whose nickname and notice titles come from the server. */
const scope = {
  token: 'secret-token-123',
  messages: { 'auth.confirm': '确认退出', greet: '你好 {{user.nickname}}', 'common.empty': '暂无数据' },
  user: { nickname: '{{token}}', title: '@auth.confirm', balance: 12.5, vip: 3 },
  data: { list: [{ name: '{{user.balance}}' }, { name: '@greet' }], notices: ['{{token}}', '@auth.confirm'] },
  state: { tab: 'b' },
};
const raw = (type: string) => new Set(RAW_PROPS[type]);

describe('central resolution of widget props', () => {
  it('turns message keys and bindings into text, and a whole binding into its raw value', () => {
    const props = resolveProps({ title: '@auth.confirm', value: '余额 {{user.balance}}', items: '{{data.list}}', vip: '{{user.vip}}', size: 3 }, scope, raw('Cell'));
    expect(props).toEqual({ title: '确认退出', value: '余额 12.5', items: scope.data.list, vip: 3, size: 3 });
  });

  it('shows a server text literally: a resolved value is never read as a binding or a message key again', () => {
    const props = resolveProps({ title: '{{user.nickname}}', note: '{{user.title}}', mixed: '昵称：{{user.nickname}}', greeting: '@greet', items: '{{data.notices}}' }, scope, raw('Cell'));
    expect(props.title).toBe('{{token}}');
    expect(props.note).toBe('@auth.confirm');
    expect(props.mixed).toBe('昵称：{{token}}');
    expect(props.greeting).toBe('你好 {{token}}');
    // a list from the server arrives as it is, its strings unread
    expect(props.items).toEqual(['{{token}}', '@auth.confirm']);
    expect(JSON.stringify(props)).not.toContain('secret-token-123');
    expect(JSON.stringify(props)).not.toContain('确认退出');
  });

  it('the text of a resolved value as config would read it again is what a widget must not do (why widgets render resolved props as they are)', () => {
    // the unsafe path this design removes: text() is for config strings only
    expect(text('{{user.nickname}}', scope)).toBe('{{token}}');
    expect(text(text('{{user.nickname}}', scope), scope)).toBe('secret-token-123');
  });

  it('leaves action lists, conditions, node lists and declared templates raw', () => {
    const tiles = resolveProps({ items: '{{data.list}}', title: '{{item.name}}', filter: { path: 'item.name', truthy: true }, onTap: [{ type: 'navigate', to: '/x?n={{item.name}}' }], label: '@common.empty' }, scope, raw('Tiles'));
    expect(tiles).toEqual({ items: scope.data.list, title: '{{item.name}}', filter: { path: 'item.name', truthy: true }, onTap: [{ type: 'navigate', to: '/x?n={{item.name}}' }], label: '暂无数据' });
    const menu = resolveProps({ items: [{ title: '@auth.confirm', to: '/p?u={{user.nickname}}', onTap: [{ type: 'toast', text: '{{user.nickname}}' }] }] }, scope, raw('Menu'));
    expect(menu.items).toEqual([{ title: '确认退出', to: '/p?u={{user.nickname}}', onTap: [{ type: 'toast', text: '{{user.nickname}}' }] }]);
    const tabs = resolveProps({ tabs: [{ key: 'a', title: '@greet', children: [{ type: 'Text', props: { text: '{{user.nickname}}' } }] }] }, scope, raw('Tabs'));
    expect(tabs.tabs).toEqual([{ key: 'a', title: '你好 {{token}}', children: [{ type: 'Text', props: { text: '{{user.nickname}}' } }] }]);
    const vip = resolveProps({ levels: '{{data.list}}', labels: { progress: '{{percent}}%' }, showProgress: { path: 'token', truthy: true } }, scope, raw('VipLevels'));
    expect(vip).toEqual({ levels: scope.data.list, labels: { progress: '{{percent}}%' }, showProgress: { path: 'token', truthy: true } });
  });

  it('drops the sub-items whose when does not hold, wherever a list of them is', () => {
    const when = (tab: string) => ({ path: 'state.tab', eq: tab });
    const stats = resolveProps({ items: [{ label: 'A', value: '1', when: when('a') }, { label: 'B', value: '2', when: when('b') }, { label: 'C', value: '3' }] }, scope, raw('Stats'));
    expect((stats.items as { label: string }[]).map((i) => i.label)).toEqual(['B', 'C']);
    const cell = resolveProps({ title: 'x', details: [{ label: 'd1', value: '1', when: when('a') }, { label: 'd2', value: '{{user.balance}}', when: when('b') }] }, scope, raw('Cell'));
    expect(cell.details).toEqual([{ label: 'd2', value: 12.5, when: when('b') }]);
    expect(shownItems([{ when: when('a') }, { when: when('b') }, 'plain'], scope)).toEqual([{ when: when('b') }, 'plain']);
  });

  it('leaves raw exactly the templates, actions, conditions and nodes each widget declares; every widget resolves through the engine', () => {
    expect(RAW_PROPS.Tiles).toEqual(expect.arrayContaining(['title', 'subtitle', 'image', 'testId', 'filter', 'onTap']));
    expect(RAW_PROPS.Switch).toEqual(['onChange']);
    // keep: the condition each record is shown by (issue 30), read per record
    expect(RAW_PROPS.PagedList).toEqual(['keep']);
    expect(RAW_PROPS.AvatarUpload).toEqual(['upload']);
    const widgets = readdirSync(path.resolve(__dirname, '../../src/widgets'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(Object.keys(RAW_PROPS).sort()).toEqual(widgets.sort());
  });
});
