/** The bottom tab bar: the tabs of app.json (order, labels, icons); a label may name the brand ({{brand.serviceName}}). */
import { useLocation, useNavigate } from 'react-router-dom';
import { appConfig, message } from '../config';
import { IconByName } from '../engine/icons';
import { shellScope } from '../engine/shell-actions';
import { text } from '../engine/text';
import { ui } from '../engine/ui';

export function MainTabBar() {
  const location = useLocation();
  const navigate = useNavigate();
  const scope = shellScope(location.pathname, location.search);
  return (
    <nav className="tabbar">
      {appConfig.tabBar.map((tab) => {
        const active = location.pathname === tab.path;
        return (
          <button
            key={tab.key}
            type="button"
            className={`tabbar-item ${active ? 'is-active' : ''}`}
            aria-current={active ? 'page' : undefined}
            onClick={() => (active ? ui.toast(message('nav.alreadyHere')) : navigate(tab.path))}
          >
            <IconByName name={tab.icon} className="tabbar-icon" />
            <span className="tabbar-label">{text(tab.label, scope)}</span>
          </button>
        );
      })}
    </nav>
  );
}
