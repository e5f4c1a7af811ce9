import { describe, expect, it } from 'vitest';
import routesJson from '../../screens.config/routes.json';
import { decideGuard } from '../../src/shell/guards';
import type { RouteConfig } from '../../src/config/types';

const route = (path: string) => (routesJson.routes as RouteConfig[]).find((r) => r.path === path)!;

describe('guards of SPEC.md section 2', () => {
  it('auth routes redirect to /login with the full path when there is no token', () => {
    expect(decideGuard(route('/betRecord'), '/betRecord?type=2', null, null)).toEqual({ kind: 'redirect', to: '/login?redirect=%2FbetRecord%3Ftype%3D2' });
    expect(decideGuard(route('/betRecord'), '/betRecord?type=2', 'tok', null)).toEqual({ kind: 'allow' });
  });
  it('/mine without a token goes to /login', () => {
    expect(decideGuard(route('/mine'), '/mine', null, null)).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('/hongbao and /transfer ask first', () => {
    expect(decideGuard(route('/hongbao'), '/hongbao', null, { redpacket_switch: 1 }).kind).toBe('confirmLogin');
    expect(decideGuard(route('/transfer'), '/transfer?code=ag', null, null)).toEqual({ kind: 'confirmLogin', to: '/login?redirect=%2Ftransfer%3Fcode%3Dag' });
  });
  it('/hongbao is closed when redpacket_switch is 0, logged in or not', () => {
    expect(decideGuard(route('/hongbao'), '/hongbao', 'tok', { redpacket_switch: 0 })).toEqual({ kind: 'blocked', message: '@redpacket.closed' });
    expect(decideGuard(route('/hongbao'), '/hongbao', null, { redpacket_switch: 0 }).kind).toBe('blocked');
  });
  it('/hongbao waits for this start\'s app info, whatever the device cached; a route without a switch does not', () => {
    expect(decideGuard(route('/hongbao'), '/hongbao', 'tok', { redpacket_switch: 1 }, false)).toEqual({ kind: 'wait' });
    expect(decideGuard(route('/hongbao'), '/hongbao', null, null, false)).toEqual({ kind: 'wait' });
    expect(decideGuard(route('/hongbao'), '/hongbao', 'tok', { redpacket_switch: 1 }, true)).toEqual({ kind: 'allow' });
    // the app info failed and nothing was cached: the page opens (the backend refuses a closed claim)
    expect(decideGuard(route('/hongbao'), '/hongbao', 'tok', null, true)).toEqual({ kind: 'allow' });
    expect(decideGuard(route('/betRecord'), '/betRecord', 'tok', null, false)).toEqual({ kind: 'allow' });
  });
  it('visitor routes are open', () => {
    for (const p of ['/', '/activity', '/vip', '/login', '/boutBallBet']) expect(decideGuard(route(p), p, null, null).kind).toBe('allow');
  });
});
