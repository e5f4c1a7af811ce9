/** Member state that later replies show: cards, profile, avatar, switches, applications, red packets, rebates. */
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { GIF_1PX, JPEG_HEAD, PNG_1PX, call, data, memberSnap, newApp, patchMember, tokenFor } from './helpers';

let app: ReturnType<typeof newApp>;
let token: string;
beforeEach(async () => {
  app = newApp();
  token = await tokenFor(app);
});

const bankCard = (n: number) => ({
  bank: '中国建设银行',
  bank_owner: '张伟',
  bank_no: `621700386000${String(1000 + n)}`,
  bank_address: '北京市海淀区中关村支行',
  pay_pass: '123456',
});
const TRC = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS';

describe('cards', () => {
  it('the seed has one bank card and no USDT address', async () => {
    const banks = await data(app, 'getcard', { type: 1 }, token);
    expect(banks).toHaveLength(1);
    expect(banks[0]).toMatchObject({ bank: '中国工商银行', bank_owner: '张伟' });
    expect(banks[0].bank_no.length).toBeGreaterThanOrEqual(16);
    expect(await data(app, 'getcard', { type: 2 }, token)).toEqual([]);
  });

  it('a bound card shows in getcard; the sixth of a kind is refused with 207', async () => {
    for (let i = 1; i <= 4; i += 1) {
      const res = await call(app, 'bindcard', bankCard(i), token);
      expect(res.body).toMatchObject({ code: 200, message: '绑定成功', data: null });
    }
    const five = await data(app, 'getcard', { type: 1 }, token);
    expect(five).toHaveLength(5);
    expect(five.map((c) => c.bank_no)).toContain(bankCard(2).bank_no);
    const sixth = await call(app, 'bindcard', bankCard(5), token);
    expect(sixth.body).toMatchObject({ code: 207, message: '最多支持添加5张银行卡' });
    // the USDT kind has its own five places
    const usdt = await call(app, 'bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: `${TRC}E`, pay_pass: '123456' }, token);
    expect(usdt.body.code).toBe(200);
  });

  it('refuses a wrong pay password with 205 and binds nothing', async () => {
    const res = await call(app, 'bindcard', { ...bankCard(1), pay_pass: '654321' }, token);
    expect(res.body).toMatchObject({ code: 205, message: '支付密码错误' });
    expect(await data(app, 'getcard', { type: 1 }, token)).toHaveLength(1);
  });

  it('binds USDT addresses by protocol and checks their format', async () => {
    const trc = await call(app, 'bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: `${TRC}E`, pay_pass: '123456' }, token);
    expect(trc.body.code).toBe(200);
    const erc = await call(
      app,
      'bindcard',
      { bank: 'USDT', bank_owner: 'erc20', bank_no: '0x8Ba1f109551bD432803012645Ac136ddd64DBA72', pay_pass: '123456' },
      token,
    );
    expect(erc.body.code).toBe(200);
    const list = await data(app, 'getcard', { type: 2 }, token);
    expect(list.map((c) => c.bank_owner)).toEqual(['TRC20', 'ERC20']);
    expect(list.every((c) => c.bank === 'USDT')).toBe(true);
    const bad = await call(app, 'bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: '0x8Ba1f109551bD432803012645Ac136ddd64DBA72', pay_pass: '123456' }, token);
    expect(bad.body.code).toBe(422);
    const proto = await call(app, 'bindcard', { bank: 'USDT', bank_owner: 'BEP20', bank_no: `${TRC}E`, pay_pass: '123456' }, token);
    expect(proto.body).toMatchObject({ code: 422, message: '请选择钱包协议' });
    const dup = await call(app, 'bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: `${TRC}E`, pay_pass: '123456' }, token);
    expect(dup.body.code).toBe(1);
  });

  it('checks bank card numbers', async () => {
    expect((await call(app, 'bindcard', { ...bankCard(1), bank_no: '1234567' }, token)).body).toMatchObject({ code: 422, message: '请输人正确的卡号长度' });
    expect((await call(app, 'bindcard', { ...bankCard(1), bank_no: '6217abcd12345678' }, token)).body.code).toBe(422);
  });

  it('delcard removes a card; an unknown or foreign id is 202', async () => {
    const [card] = await data(app, 'getcard', { type: 1 }, token);
    expect((await call(app, 'delcard', { id: card.id }, token)).body).toMatchObject({ code: 200, message: '解绑成功' });
    expect(await data(app, 'getcard', { type: 1 }, token)).toEqual([]);
    expect((await call(app, 'delcard', { id: card.id }, token)).body.code).toBe(202);
    const agent = await tokenFor(app, 'agent01');
    await call(app, 'bindcard', bankCard(1), token);
    const [mine] = await data(app, 'getcard', { type: 1 }, token);
    expect((await call(app, 'delcard', { id: mine.id }, agent)).body.code).toBe(202);
  });

  it('banklist names banks', async () => {
    const banks = await data(app, 'banklist');
    expect(banks.length).toBeGreaterThanOrEqual(10);
    expect(banks[0]).toEqual({ id: 1, bank_name: '中国工商银行' });
  });
});

describe('profile', () => {
  it('updateuserinfo changes email, mobile and birthday', async () => {
    const res = await call(app, 'updateuserinfo', { email: 'zw@example.cn', mobile: '8615012345678', birthday: '1992-12-31' }, token);
    expect(res.body.code).toBe(200);
    expect(await data(app, 'user', {}, token)).toMatchObject({ email: 'zw@example.cn', mobile: '8615012345678', birthday: '1992-12-31' });
  });

  it.each([
    [{ mobile: '15412345678' }, '请输入正确手机号'],
    [{ mobile: '1381234567' }, '参数错误：手机号(mobile)长度不能少于11位'],
    [{ email: 'not-an-email' }, '请输入正确邮箱号'],
    [{ birthday: '1992-13-01' }, '请输入正确的日期格式：YYYY-MM-DD'],
    [{ birthday: '1979-12-31' }, '请输入正确的日期格式：YYYY-MM-DD'],
    [{ birthday: '92-1-1' }, '请输入正确的日期格式：YYYY-MM-DD'],
  ])('refuses %o with 422', async (payload, message) => {
    const res = await call(app, 'updateuserinfo', payload, token);
    if (message.startsWith('参数错误')) expect(res.body.code).toBe(422);
    else expect(res.body).toMatchObject({ code: 422, message });
  });

  it('the user entity carries the contract seed', async () => {
    const user = await data(app, 'user', {}, token);
    expect(user).toMatchObject({
      username: 'demo01',
      balance: 1000,
      gameblance: 408.5,
      current_vip: 'VIP3',
      isagent: 0,
      transferstatus: 0,
      usdtrate: 7.2,
      withdrawusdtrate: 7.3,
      withdrawcashfee: 5,
      withdrawfeeusdttrc: 1,
    });
    const levels = await data(app, 'uservip');
    const level = Number(user.current_vip.split('P')[1]);
    const progress = Math.min(100, Math.round((Number(user.paysum) / Number(levels[level].recharge)) * 100));
    expect(progress).toBeGreaterThan(10);
    expect(progress).toBeLessThan(100);
    expect(user.joinday).toBeGreaterThan(30);
  });

  it('uptransferstatus flips transferstatus', async () => {
    expect((await call(app, 'uptransferstatus', { transferstatus: 1 }, token)).body.code).toBe(200);
    expect((await data(app, 'user', {}, token)).transferstatus).toBe(1);
    expect((await call(app, 'uptransferstatus', { transferstatus: '0' }, token)).body.code).toBe(200);
    expect((await data(app, 'user', {}, token)).transferstatus).toBe(0);
    expect((await call(app, 'uptransferstatus', { transferstatus: 2 }, token)).body.code).toBe(422);
  });
});

describe('avatar upload', () => {
  const upload = (buf: Buffer, name: string, field = 'file') =>
    request(app).post('/api/uploadimg').set('Authorization', `Bearer ${token}`).attach(field, buf, name);

  it.each([
    ['png', PNG_1PX, 'image/png'],
    ['gif', GIF_1PX, 'image/gif'],
  ])('accepts a %s, serves it back and sets it as the avatar', async (_k, buf, type) => {
    const res = await upload(buf, `me.${_k}`);
    expect(res.body.code).toBe(200);
    const path = res.body.data.path as string;
    expect(path).toMatch(/^\/mock-assets\/upload\//);
    const pic = await request(app).get(path);
    expect(pic.status).toBe(200);
    expect(pic.headers['content-type']).toBe(type);
    expect((await data(app, 'user', {}, token)).avatar).toBe(path);
  });

  it('refuses other pictures by their content, whatever the name says', async () => {
    const jpeg = await upload(JPEG_HEAD, 'me.png');
    expect(jpeg.body).toMatchObject({ code: 422, message: '头像仅支持 gif、png 格式的图片' });
    const text = await upload(Buffer.from('GIF? no, plain text'), 'me.gif');
    expect(text.body.code).toBe(422);
  });

  it('needs the field named file, and refuses a missing file or one over 2 MB', async () => {
    expect((await upload(PNG_1PX, 'me.png', 'avatar')).body.code).toBe(422);
    const none = await request(app).post('/api/uploadimg').set('Authorization', `Bearer ${token}`).send({});
    expect(none.body.code).toBe(422);
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await upload(big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(413);
  });
});

describe('promotion applications and agent applications', () => {
  it('the seed has applications in every state', async () => {
    const log = await data(app, 'activityApplyLog', { page: 1 }, token);
    expect(new Set(log.data.map((a) => a.state))).toEqual(new Set([0, 1, 2, 3, 4]));
  });

  it('doactivityapply writes a pending application; a second one while pending is 409', async () => {
    const before = await data(app, 'activityApplyLog', { page: 1 }, token);
    const res = await call(app, 'doactivityapply', { activityid: 9 }, token);
    expect(res.body.code).toBe(200);
    expect(res.body.message).toMatch(/申请成功/);
    const after = await data(app, 'activityApplyLog', { page: 1 }, token);
    expect(after.total).toBe(before.total + 1);
    expect(after.data[0]).toMatchObject({ activity_name: '邀请好友赚佣金', state: 1 });
    expect((await call(app, 'doactivityapply', { activityid: 9 }, token)).body.code).toBe(409);
    expect((await call(app, 'doactivityapply', { activityid: 999 }, token)).body.code).toBe(202);
  });

  it('applyagentdo checks the mobile and takes one pending application', async () => {
    expect((await call(app, 'applyagentdo', { mobile: '12345678901', apply_info: '推广' })).body).toMatchObject({ code: 422, message: '请输入正确手机号' });
    expect((await call(app, 'applyagentdo', { mobile: '13912345678', apply_info: '有推广渠道' }, token)).body.code).toBe(200);
    expect((await call(app, 'applyagentdo', { mobile: '13912345678', apply_info: '再申请' }, token)).body.code).toBe(409);
    const agent = await tokenFor(app, 'agent01');
    expect((await call(app, 'applyagentdo', { mobile: '13912345679', apply_info: '我是代理' }, agent)).body.code).toBe(1);
  });
});

describe('red packet', () => {
  it('claims decrement sendnums and credit the wallet, and are refused at 0', async () => {
    const info = await data(app, 'userredpacket', {}, token);
    expect(info).toMatchObject({ sendnums: 3, acquirednum: 2, max_times: 5 });
    expect(info.rules.length).toBeGreaterThanOrEqual(3);
    const records = (await data(app, 'redpacket', { page: 1 }, token)).total;
    let balance = (await data(app, 'balance', {}, token)).balance;
    for (let left = 2; left >= 0; left -= 1) {
      const claim = await data(app, 'douserredpacket', {}, token);
      expect(claim.sendnums).toBe(left);
      expect(claim.redpacketmoney).toBeGreaterThan(0);
      const now = (await data(app, 'balance', {}, token)).balance;
      expect(Math.round((Number(now) - Number(balance)) * 100)).toBe(Math.round(Number(claim.redpacketmoney) * 100));
      balance = now;
    }
    const refused = await call(app, 'douserredpacket', {}, token);
    expect(refused.body).toMatchObject({ code: 1, message: '您暂未达到领取条件，快去完成吧！' });
    expect((await data(app, 'userredpacket', {}, token)).acquirednum).toBe(5);
    expect((await data(app, 'redpacket', { page: 1 }, token)).total).toBe(records + 3);
  });

  it('is refused when the switch is off', async () => {
    await request(app).post('/__mock/settings').send({ redpacket_switch: 0 });
    expect((await call(app, 'douserredpacket', {}, token)).body).toMatchObject({ code: 1, message: '红包活动已关闭' });
    expect((await data(app, 'app')).redpacket_switch).toBe(0);
  });

  it('a concurrent burst of claims never goes past sendnums', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => call(app, 'douserredpacket', {}, token)));
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(3);
    expect((await memberSnap(app)).sendnums).toBe(0);
  });
});

describe('rebate', () => {
  it('dofanshui moves the pending rebate to claimed and credits the wallet', async () => {
    const before = await data(app, 'getfanshui', { date: 4, page: 1 }, token);
    expect(before.nojisuan).toBeGreaterThan(0);
    expect(before.list.data.some((r) => r.state === 0)).toBe(true);
    const balance = (await data(app, 'balance', {}, token)).balance;
    const res = await call(app, 'dofanshui', {}, token);
    expect(res.body.code).toBe(200);
    const after = await data(app, 'getfanshui', { date: 4, page: 1 }, token);
    expect(after.nojisuan).toBe(0);
    expect(Math.round(Number(after.jisuan) * 100)).toBe(Math.round((Number(before.jisuan) + Number(before.nojisuan)) * 100));
    expect(after.list.data.every((r) => r.state !== 0)).toBe(true);
    const now = (await data(app, 'balance', {}, token)).balance;
    expect(Math.round((Number(now) - Number(balance)) * 100)).toBe(Math.round(Number(before.nojisuan) * 100));
    expect((await call(app, 'dofanshui', {}, token)).body).toMatchObject({ code: 1, message: '暂无领取额度！' });
  });

  it('filters rebate records by venue and game type', async () => {
    const all = await data(app, 'getfanshui', { date: 4, page: 1, api_type: '' }, token);
    const first = all.list.data[0];
    const ag = await data(app, 'getfanshui', { date: 4, page: 1, api_type: 'ag' }, token);
    expect(ag.list.total).toBeLessThan(all.list.total);
    expect(ag.list.data.every((r) => r.gamename === 'AG视讯')).toBe(true);
    const none = await data(app, 'getfanshui', { date: 4, page: 1, api_type: 'nowhere' }, token);
    expect(none.list.total).toBe(0);
    const typed = await data(app, 'getfanshui', { date: 4, page: 1, type: 1 }, token);
    expect(typed.list.data.every((r) => ['AG视讯', 'BBIN视讯'].includes(r.gamename))).toBe(true);
    expect(first).toHaveProperty('updated_at');
  });

  it('the control surface can set the pending rebate', async () => {
    await patchMember(app, { nojisuan: 0 });
    expect((await data(app, 'getfanshui', {}, token)).nojisuan).toBe(0);
    await patchMember(app, { nojisuan: 12.34 });
    expect((await data(app, 'getfanshui', {}, token)).nojisuan).toBe(12.34);
  });
});
