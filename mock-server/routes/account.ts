/** Accounts: login, register, logout, the user entity, profile, passwords, avatar, agent application. */
import type { User } from '../../src/api/types';
import { dummyHash, hashPassword, verifyPassword } from '../passwords';
import { checkLogin, checkLoginPassword, checkPayPassword, tooManyLogins, tooManyPayPasswords } from '../guess';
import { newMember } from '../seed';
import { fail, memberOnly, ok, yuan, type PartialHandlers } from '../http';
import type { Member, MockState } from '../state';
import { daysBetween } from '../time';

/** SPEC.md section 5: optional 0 / 86 / 17951, then 13x, 15x but 154, 17[678], 18x, 14[57], 8 digits. */
export const MAINLAND_MOBILE = /^(?:0|86|17951)?(?:13\d|15[0-35-9]|17[678]|18\d|14[57])\d{8}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = /^[A-Za-z0-9]+$/;

/** The user entity of SPEC.md section 3; never a password, pay password or token. */
export function userView(state: MockState, m: Member): User {
  const s = state.settings;
  return {
    username: m.username,
    realname: m.realname,
    balance: yuan(m.balanceCents),
    gameblance: yuan(state.venueTotalCents(m)),
    avatar: m.avatar,
    mobile: m.mobile,
    email: m.email,
    birthday: m.birthday,
    current_vip: `VIP${m.vip}`,
    paysum: yuan(m.paysumCents),
    joinday: daysBetween(m.joinedAt, state.now()),
    isagent: m.isagent,
    transferstatus: m.transferstatus,
    usdtrate: s.usdtrate,
    withdrawusdtrate: s.withdrawusdtrate,
    withdrawcashfee: s.withdrawcashfee,
    withdrawfeeusdttrc: s.withdrawfeeusdttrc,
  };
}

function validBirthday(value: string, now: number): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === value && value >= '1980-01-01' && t <= now;
}

const GIF = [Buffer.from('GIF87a'), Buffer.from('GIF89a')];
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The picture's real type from its first bytes; whatever the file name or declared type says. */
function imageType(data: Buffer): 'image/gif' | 'image/png' | null {
  if (GIF.some((sig) => data.subarray(0, 6).equals(sig))) return 'image/gif';
  if (data.subarray(0, 8).equals(PNG)) return 'image/png';
  return null;
}

export const accountHandlers = {
  login_pc: async ({ payload, state, req }) => {
    const member = state.findMember(payload.name);
    // Verify against a dummy hash for unknown names, so timing does not reveal which names exist.
    const good = await checkLogin(state, payload.name, req.ip ?? '', () => verifyPassword(payload.password, member?.passwordHash ?? dummyHash()));
    if (good === 'blocked') return tooManyLogins();
    if (!member || !good) return fail(205, '账号或密码错误');
    const token = state.issueToken(member);
    return ok({ api_token: token, token, user_id: member.id, username: member.username }, '登录成功');
  },

  register: async ({ payload, state }) => {
    if (!USERNAME.test(payload.name)) return fail(422, '用户名长度6~16位，以字母或数字组合！');
    if (payload.password !== payload.confirmPass) return fail(422, '两次密码不一致！');
    if (state.findMember(payload.name)) return fail(1, '该用户名已被注册，请更换用户名');
    const [passwordHash, payPasswordHash] = await Promise.all([hashPassword(payload.password), hashPassword(payload.paypassword)]);
    // Checked again: another registration of the same name may have finished while hashing.
    if (state.findMember(payload.name)) return fail(1, '该用户名已被注册，请更换用户名');
    const pidNum = payload.pid === undefined || payload.pid === '' ? NaN : Number(payload.pid);
    const referrer = Number.isInteger(pidNum) ? state.memberById(pidNum) : undefined;
    const member = newMember(
      { id: state.nextMemberId(), username: payload.name, realname: payload.realname, passwordHash, payPasswordHash, pid: referrer?.id ?? null },
      state.now(),
      state.brand,
    );
    state.members.set(member.username.toLowerCase(), member);
    const token = state.issueToken(member);
    return ok({ api_token: token, token, user_id: member.id, username: member.username }, '注册成功');
  },

  logoff: memberOnly<'logoff'>(({ state, token }) => {
    if (token) state.revokeToken(token);
    return ok(null, '退出成功');
  }),

  user: memberOnly<'user'>(({ state }, me) => ok(userView(state, me))),

  updateuserinfo: memberOnly<'updateuserinfo'>(({ payload, state }, me) => {
    const { email, mobile, birthday } = payload;
    if (mobile && !MAINLAND_MOBILE.test(mobile)) return fail(422, '请输入正确手机号');
    if (email && !EMAIL.test(email)) return fail(422, '请输入正确邮箱号');
    if (birthday && !validBirthday(birthday, state.now())) return fail(422, '请输入正确的日期格式：YYYY-MM-DD');
    if (mobile) me.mobile = mobile;
    if (email) me.email = email;
    if (birthday) me.birthday = birthday;
    return ok(null, '修改成功');
  }),

  editPassword: memberOnly<'editPassword'>(async ({ payload, state }, me) => {
    if (payload.password === payload.paypassword) return fail(1, '新旧密码不能一致！');
    const good = await checkLoginPassword(state, me, payload.password);
    if (good === 'blocked') return tooManyLogins();
    if (!good) return fail(205, '旧密码错误');
    me.passwordHash = await hashPassword(payload.paypassword);
    // Like a real backend: a new login password ends every session of the member.
    state.revokeAllTokens(me);
    return ok(null, '密码修改成功！');
  }),

  editPayPassword: memberOnly<'editPayPassword'>(async ({ payload, state }, me) => {
    if (payload.password === payload.paypassword) return fail(1, '新旧密码不能一致！');
    const good = await checkPayPassword(state, me, payload.password);
    if (good === 'blocked') return tooManyPayPasswords();
    if (!good) return fail(205, '旧支付密码错误');
    me.payPasswordHash = await hashPassword(payload.paypassword);
    return ok(null, '密码修改成功！');
  }),

  uploadimg: memberOnly<'uploadimg'>(({ req, state }, me) => {
    const file = req.file;
    if (!file) return fail(422, '参数错误：请选择要上传的图片(file)');
    const type = imageType(file.buffer);
    if (!type) return fail(422, '头像仅支持 gif、png 格式的图片');
    me.avatar = state.saveUpload(type, file.buffer);
    return ok({ path: me.avatar }, '上传成功');
  }),

  applyagentdo: ({ payload, state, member }) => {
    if (!MAINLAND_MOBILE.test(payload.mobile)) return fail(422, '请输入正确手机号');
    if (!payload.apply_info.trim()) return fail(422, '请输入申请理由');
    if (member?.isagent === 1) return fail(1, '您已经是代理，无需重复申请');
    const pending = state.agentApplications.find(
      (a) => a.state === 1 && (member ? a.memberId === member.id : a.mobile === payload.mobile),
    );
    if (pending) return fail(409, '您的申请正在审核中，请耐心等待');
    state.agentApplications.push({
      id: state.nextId(state.agentApplications),
      memberId: member?.id ?? null,
      mobile: payload.mobile,
      apply_info: payload.apply_info,
      state: 1,
      created: state.now(),
    });
    return ok(null, '提交成功，等待后台审核');
  },
} satisfies PartialHandlers;
