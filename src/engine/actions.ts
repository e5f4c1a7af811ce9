/**
 * Actions: the small vocabulary config uses to say what a tap or a submit does.
 * api, toast, dialog (alert/confirm), navigate, back, copy, openUrl, refreshUser, logout,
 * signIn, reload, setState, newCaptcha, delay. A form's submit is an api action too. A list runs in order; an action with `when` runs only when
 * its condition holds, and `stop` ends the list after it. A failed api call ends the list after
 * its onError actions. Anything beyond this belongs in a widget, not here.
 */
import { flushSync } from 'react-dom';
import { call, type CallResult } from '../api/client';
import { isEndpointName } from '../api/wire';
import { asActions, asCondition, type Action } from '../config/types';
import { clearSession, refreshMoney, loadUser, session, signIn } from '../store/session';
import { evalCondition, resolveDeep, resolveNumber, resolveText, type Scope } from './bindings';
import { reportConfigError } from './render-error';
import { playerText } from './player-text';
import { nextTask } from './idle';
import { text } from './text';
import { ui } from './ui';
import { safeAppPath, safeExternalUrl } from './urls';

export interface ActionContext {
  /** the scope bindings read (app, user, query, state, data, item, form, const, maps…) */
  scope: () => Scope;
  navigate: (to: string, opts?: { replace?: boolean }) => void;
  back: () => void;
  /** the current path and query (for the already-on-this-page rule) */
  currentPath: () => string;
  /**
   * False once the location this list was started for is gone (the screen was left): nothing
   * more of the list runs, and no reply handler, navigation or state change of it happens.
   */
  live?: () => boolean;
  reload?: (source?: string) => void;
  setState?: (key: string, value: unknown) => void;
  /** in a form's handlers: draw a new captcha and clear its field */
  newCaptcha?: () => void;
  /**
   * A form's submit: told how its call ended, also once the screen was left (a draft is dropped
   * after a success). A failure that is no answer (network, timeout, 5xx) is then not toasted by
   * the client: the form says it. Its reply handlers run without it.
   */
  submitted?: (res: CallResult<unknown>) => void;
}

export async function runActions(list: readonly Action[] | undefined, ctx: ActionContext, extra: Scope = {}): Promise<boolean> {
  for (const action of list ?? []) {
    if (ctx.live && !ctx.live()) return false;
    const scope = { ...ctx.scope(), ...extra };
    if (!evalCondition(asCondition(action.when), scope)) continue;
    const goOn = await runOne(action, ctx, scope, extra);
    if (!goOn || action.stop) return false;
  }
  return true;
}

/** Path and query, the query's entries in a fixed order: two ways to write one place compare equal. */
function placeKey(to: string): string {
  const q = to.indexOf('?');
  const path = q < 0 ? to : to.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : to.slice(q + 1));
  params.sort();
  return `${path}?${params.toString()}`;
}

/** Navigate unless already there, path and query (the @nav.alreadyHere message). */
export function navigateTo(ctx: Pick<ActionContext, 'navigate' | 'currentPath'>, to: string, scope: Scope, replace = false) {
  const target = safeAppPath(to);
  if (!target) return;
  if (placeKey(target) === placeKey(ctx.currentPath())) {
    ui.toast(text('@nav.alreadyHere', scope));
    return;
  }
  ctx.navigate(target, { replace });
}

async function runOne(action: Action, ctx: ActionContext, scope: Scope, extra: Scope): Promise<boolean> {
  switch (action.type) {
    case 'api': {
      if (!isEndpointName(action.endpoint)) return false;
      const payload = resolveDeep(action.payload ?? {}, scope) as Record<string, unknown>;
      const res: CallResult<unknown> = await call(action.endpoint, payload, { loading: action.loading, quiet: action.quiet, quietTransient: !!ctx.submitted });
      ctx.submitted?.(res);
      if (ctx.submitted) ctx = { ...ctx, submitted: undefined };
      // the player left while the call ran: its reply belongs to a screen that is gone
      if (ctx.live && !ctx.live()) return false;
      // reply.text: the message as the player may read it (player-text.ts); reply.message stays the backend's (a deposit number)
      const reply = { ...res, text: playerText(action.endpoint, res.ok, res.message) };
      const replyScope = { ...extra, reply };
      if (res.ok) {
        if (action.assign) ctx.setState?.(action.assign, res.data);
        if (action.successToast) {
          const t = action.successToast === 'message' ? reply.text : text(action.successToast, { ...scope, reply });
          if (t) ui.success(t);
        }
        return runActions(asActions(action.onSuccess), ctx, replyScope);
      }
      if ('network' in res && res.network) {
        await runActions(asActions(action.onNetworkError), ctx, replyScope);
        return false;
      }
      await runActions(asActions(action.onError), ctx, replyScope);
      return false;
    }
    case 'toast': {
      const t = text(action.text, scope);
      if (action.icon === 'success') ui.success(t);
      else if (action.icon === 'fail') ui.fail(t);
      else ui.toast(t);
      return true;
    }
    case 'dialog': {
      const confirmed = await ui.dialog({
        kind: action.kind ?? 'alert',
        title: action.title ? text(action.title, scope) : undefined,
        content: text(action.content, scope),
        confirmText: text(action.confirmText ?? '@common.ok', scope),
        cancelText: text(action.cancelText ?? '@common.cancel', scope),
      });
      return runActions(asActions(confirmed ? action.onConfirm : action.onCancel), ctx, extra);
    }
    case 'navigate':
      navigateTo(ctx, resolveText(action.to, scope), scope, action.replace);
      return true;
    case 'back':
      ctx.back();
      return true;
    case 'copy': {
      const ok = await ui.copy(resolveText(action.text, scope));
      if (ok) ui.success(text(action.successToast ?? '@copy.success', scope));
      return ok;
    }
    case 'openUrl': {
      const url = safeExternalUrl(resolveText(action.url, scope));
      if (!url) return false;
      if (action.target === 'blank') window.open(url, '_blank', 'noopener,noreferrer');
      else window.location.assign(url);
      return true;
    }
    case 'refreshUser':
      // the reads leave after the tap has painted (its button disabled): their fetches are not the tap's cost
      await nextTask();
      await Promise.all([loadUser(), refreshMoney()]);
      return true;
    case 'logout': {
      if (action.confirm !== false) {
        const ok = await ui.dialog({ kind: 'confirm', content: text('@logout.confirm', scope), confirmText: text('@common.ok', scope), cancelText: text('@common.cancel', scope) });
        if (!ok) return false;
      }
      if (action.call !== false && session.token) await call('logoff', {}, { quiet: true });
      // leave the page first, committed at once, then empty the session: the other way round the
      // page being left sees no token first and sends the member to /login?redirect=<that page>
      flushSync(() => ctx.navigate('/login', { replace: true }));
      clearSession();
      return true;
    }
    case 'signIn': {
      const token = resolveText(action.token, scope);
      if (!token) return false;
      await signIn(token);
      return true;
    }
    case 'reload':
      ctx.reload?.(action.source);
      return true;
    case 'setState':
      ctx.setState?.(action.key, resolveDeep(action.value, scope));
      return true;
    case 'newCaptcha':
      ctx.newCaptcha?.();
      return true;
    case 'delay':
      await new Promise((r) => setTimeout(r, resolveNumber(action.ms, scope)));
      return true;
    default:
      reportConfigError(`unknown action type "${(action as { type: unknown }).type}"`);
      return false;
  }
}
