import { useSyncExternalStore } from 'react';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { installPrompt, onInstallPromptChange, promptInstall } from '../../shell/install-prompt';
import type { Props } from './schema';
import './style.css';

function isIos(): boolean {
  const ua = navigator.userAgent;
  // iPadOS reports itself as a Mac with a touch screen
  return /iPhone|iPad|iPod/i.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export default function InstallApp({ props }: WidgetProps<Props>) {
  const { t } = useScreen();
  const prompt = useSyncExternalStore(onInstallPromptChange, installPrompt, () => null);
  const id = props.testId;

  if (isStandalone()) {
    return (
      <p className="w-install-done" data-testid={id}>
        {t(props.installedText)}
      </p>
    );
  }
  if (prompt) {
    return (
      <section className="w-install" data-testid={id}>
        <h2 className="w-install-title">{t(props.title)}</h2>
        {props.text && <p className="w-install-text">{t(props.text)}</p>}
        <button type="button" className="btn-primary" onClick={() => void promptInstall()}>
          {t(props.buttonText)}
        </button>
      </section>
    );
  }
  if (isIos()) {
    return (
      <section className="w-install" data-testid={id}>
        <h2 className="w-install-title">{t(props.iosTitle)}</h2>
        <ol className="w-install-steps">
          {props.iosSteps.map((s, i) => (
            <li key={i}>{t(s)}</li>
          ))}
        </ol>
      </section>
    );
  }
  return null;
}
