/** The client reads the real backend's shapes (issue 13): bindings and merges that make either shape render the same. */
import { describe, expect, it } from 'vitest';
import { readReply } from '../../src/api/read';
import { resolve } from '../../src/engine/bindings';

describe('tile titles: name, else the operator map of codes in app.json, else the code', () => {
  const title = '{{item.name | or:item.platform_name | label:platformName}}';
  const maps = { platformName: { vrbet: 'VR彩票' } };
  it('uses name when the reply has it', () => {
    expect(resolve(title, { maps, item: { platform_name: 'vrbet', name: 'VR彩票官方' } })).toBe('VR彩票官方');
  });
  it('falls back to the operator label of the code, then to the code itself', () => {
    expect(resolve(title, { maps, item: { platform_name: 'vrbet' } })).toBe('VR彩票');
    expect(resolve(title, { maps, item: { platform_name: 'ig', name: '' } })).toBe('ig');
  });
  it('never reads inherited keys of the map (constructor, __proto__ as a code)', () => {
    expect(resolve(title, { maps, item: { platform_name: 'constructor' } })).toBe('constructor');
    expect(resolve(title, { maps, item: { platform_name: '__proto__' } })).toBe('__proto__');
    expect(resolve('{{item.platform_name | label:toString}}', { maps, item: { platform_name: 'ag' } })).toBe('ag');
  });
});

describe('payinfo cardlist: one object (SPEC.md) or an array (real backend), read as an array', () => {
  const channel = { id: 1, mch_id: 'TXYZ', content: 'TRC20', payimg: '/qr.svg' };
  const order = { deposit_no: 'CK1', info: { amount: 1, created_at: '', paytype: 'usdt' } };
  it('wraps one object, keeps an array, and leaves everything else as it came', () => {
    expect(readReply('payinfo', { ...order, cardlist: channel })).toEqual({ ...order, cardlist: [channel] });
    expect(readReply('payinfo', { ...order, cardlist: [channel] })).toEqual({ ...order, cardlist: [channel] });
    expect(readReply('payinfo', { ...order })).toEqual(order);
    expect(readReply('payinfo', null)).toBeNull();
    expect(readReply('user', { cardlist: channel })).toEqual({ cardlist: channel });
  });
});
