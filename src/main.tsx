import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App';
import './styles.css';
// the brand colours of app.json theme as CSS custom properties (vite.config.ts themeStyles)
import 'virtual:theme.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
