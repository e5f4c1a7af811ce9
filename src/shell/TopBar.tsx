/**
 * The top bars. Main: the brand (app.json brand: logo and site name), and for a member the balance with refresh and recycle-all; for a
 * visitor login and register. Page: a back arrow and the screen's title.
 */
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { appConfig, brand, message } from '../config';
import { FILTERS } from '../engine/bindings';
import { IconByName } from '../engine/icons';
import { view } from '../engine/view';
import { goBack } from '../engine/history';
import { shellScope, useShellActions } from '../engine/shell-actions';
import { text } from '../engine/text';
import { refreshMoney, session } from '../store/session';

const top = appConfig.topBar;

export function MainTopBar() {
  const snap = useSnapshot(session);
  const navigate = useNavigate();
  const balance = snap.user?.balance ?? 0;
  const exact = String(FILTERS.money(balance, undefined, {}));

  // recycle-all is config (app.json topBar.recycle), run as actions with the session in scope
  const run = useShellActions();

  return (
    <header className="topbar">
      {/* the front end's own brand; the backend's title and site_logo are not drawn here (docs/OPERATING.md) */}
      <div className="topbar-logo" data-testid="topbar-brand">
        {brand.logoUrl && <img src={brand.logoUrl} alt="" width={28} height={28} />}
        <span className="topbar-title">{brand.siteName}</span>
      </div>
      {snap.token ? (
        <div className="topbar-member">
          {/* money:short where space is short; the exact figure is in the label and on /money (docs/ENGINE.md) */}
          <button
            type="button"
            className="topbar-balance"
            data-testid="topbar-balance"
            aria-label={message('moneyFmt.exactLabel').replace('{amount}', exact)}
            title={exact}
            onClick={() => navigate(top.balanceTarget)}
          >
            {top.balancePrefix}
            {String(FILTERS.money(balance, 'short', {}))}
          </button>
          <button
            type="button"
            className={`icon-btn ${snap.refreshing ? 'is-spinning' : ''}`}
            aria-label={top.refreshLabel}
            onClick={() => void refreshMoney()}
          >
            <IconByName name="refresh" />
          </button>
          <button type="button" className="topbar-recycle" onClick={() => void run(top.recycle)}>
            {top.recycleText}
          </button>
        </div>
      ) : (
        <div className="topbar-visitor">
          <button type="button" className="btn-ghost" onClick={() => navigate('/login?type=0')}>
            {top.loginText}
          </button>
          <button type="button" className="btn-solid" onClick={() => navigate('/login?type=1')}>
            {top.registerText}
          </button>
        </div>
      )}
    </header>
  );
}

/** `fallbackTitle`: the route's title (routes.json, bindings allowed), until the screen has set its own */
export function PageBar({ fallbackTitle }: { fallbackTitle: string }) {
  const snap = useSnapshot(view);
  const navigate = useNavigate();
  const location = useLocation();
  const back = () => goBack(navigate);
  return (
    <header className="pagebar">
      <button type="button" className="icon-btn pagebar-back" aria-label={top.backLabel} onClick={back}>
        <IconByName name="left" />
      </button>
      <h1 className="pagebar-title">{snap.title || text(fallbackTitle, shellScope(location.pathname, location.search))}</h1>
      <span className="pagebar-side" />
    </header>
  );
}
