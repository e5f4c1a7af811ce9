/** The studio's page (studio/server.ts serves it as /studio.js, built by studio/ui-build.ts). */
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './style.css';

createRoot(document.getElementById('root')!).render(<App />);
