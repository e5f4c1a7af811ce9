/** The bottom tab bar: five tabs from app.json (order, labels, icons). */
import { useLocation, useNavigate } from 'react-router-dom';
import { appConfig, message } from '../config';
import { IconByName } from '../engine/icons';
import { ui } from '../engine/ui';

export function MainTabBar() {
  const location = useLocation();
  const navigate = useNavigate();
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
            <span className="tabbar-label">{tab.label}</span>
          </button>
        );
      })}
    </nav>
  );
}
