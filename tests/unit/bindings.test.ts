import { describe, expect, it } from 'vitest';
import { dataSourcesRead, evalCondition, getPath, resolve, resolveDeep, resolveText } from '../../src/engine/bindings';
import { safeAppPath, safeExternalUrl } from '../../src/engine/urls';

const scope = {
  user: { balance: 1000, current_vip: 'VIP3', isagent: 0, cards: [{ bank_no: '6222020200112233445' }] },
  query: { type: '2' },
  maps: { depositState: { '0': '未定义', '1': '待审核', '2': '已通过', '3': '已拒绝' } },
  item: { state: 1, created_at: '2026-11-20 10:00:00' },
};

describe('bindings', () => {
  it('returns the raw value for a whole binding and interpolates mixed text', () => {
    expect(resolve('{{user.balance}}', scope)).toBe(1000);
    expect(resolve('余额 {{user.balance | money}} 元', scope)).toBe('余额 1000.00 元');
    expect(resolve('{{user.cards[0].bank_no | mask}}', scope)).toBe('**** **** **** 3445');
  });
  it('maps codes to words and falls back to defaults', () => {
    expect(resolve('{{item.state | map:depositState}}', scope)).toBe('待审核');
    expect(resolve('{{query.missing | default:4}}', scope)).toBe(4);
    expect(resolve("{{query.missing | default:''}}", scope)).toBe('');
    expect(resolve("{{query.missing | default:'全平台'}}", scope)).toBe('全平台');
  });
  it('rounds money down to two decimals and treats junk as 0.00', () => {
    expect(resolve('{{v | money}}', { v: 12.349 })).toBe('12.34');
    expect(resolve('{{v | money}}', { v: 1.005 })).toBe('1.00');
    expect(resolve('{{v | money}}', { v: '88.8' })).toBe('88.80');
    expect(resolve('{{v | money}}', { v: 'abc' })).toBe('0.00');
    expect(resolve('{{v | money}}', {})).toBe('0.00');
  });
  it('never walks into prototypes and never evaluates code', () => {
    expect(getPath(scope, '__proto__.polluted')).toBeUndefined();
    expect(getPath(scope, 'user.constructor')).toBeUndefined();
    expect(resolveText('{{alert(1)}}', scope)).toBe('');
  });
  it('resolves payload objects deeply', () => {
    expect(resolveDeep({ date: '{{query.type}}', fixed: 1, list: ['{{user.isagent}}'] }, scope)).toEqual({ date: '2', fixed: 1, list: [0] });
  });
  it('evaluates conditions', () => {
    expect(evalCondition({ path: 'user.isagent', eq: 0 }, scope)).toBe(true);
    expect(evalCondition({ path: 'user.isagent', eq: 1 }, scope)).toBe(false);
    expect(evalCondition({ path: 'user.balance', gte: 1000 }, scope)).toBe(true);
    expect(evalCondition({ path: 'user.cards | len', gte: '{{const.max}}' }, { ...scope, const: { max: 5 } })).toBe(false);
    expect(evalCondition({ all: [{ path: 'user.balance', gt: 0 }, { not: { path: 'user.isagent', truthy: true } }] }, scope)).toBe(true);
    expect(evalCondition({ any: [{ path: 'query.type', eq: '1' }, { path: 'query.type', in: ['2', '3'] }] }, scope)).toBe(true);
    expect(evalCondition({ path: 'user.cards', empty: false }, scope)).toBe(true);
  });
});

describe('url safety', () => {
  it('keeps redirects inside the app', () => {
    expect(safeAppPath('/betRecord?type=2')).toBe('/betRecord?type=2');
    expect(safeAppPath('#/mine')).toBe('/mine');
    for (const bad of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example', '', 'mine', '/a\u0000b', '/.//evil.com', '/..//evil.com', '/a/..//evil.com']) {
      expect(safeAppPath(bad), bad).toBeNull();
    }
  });
  it('opens only http and https urls', () => {
    expect(safeExternalUrl('https://game.example/play?x=1')).toBe('https://game.example/play?x=1');
    expect(safeExternalUrl('http://game.example/')).toBe('http://game.example/');
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>', 'ftp://x', '', ' ']) {
      expect(safeExternalUrl(bad), bad).toBeNull();
    }
  });
});

describe('dataSourcesRead (what a list widget waits for)', () => {
  it('names the data sources at the head of each binding, once, and nothing else', () => {
    expect(dataSourcesRead('{{data.bank}}')).toEqual(['bank']);
    expect(dataSourcesRead('{{data.list.data}} and {{data.list | len}} of {{data[order].info}}')).toEqual(['list', 'order']);
    expect(dataSourcesRead('{{state.rows}} {{user.balance | or:data.money}}')).toEqual([]);
    expect(dataSourcesRead('data.bank')).toEqual([]);
    expect(dataSourcesRead(['{{data.bank}}'])).toEqual([]);
  });
});
