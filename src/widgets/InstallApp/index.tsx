import { useSyncExternalStore } from 'react';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { installPrompt, onInstallPromptChange, promptInstall } from '../../shell/install-prompt';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

function isIos(): boolean {
  const ua = navigator.userAgent;
  // iPadOS reports itself as a Mac with a touch screen
  // eslint-disable-next-line compat/compat -- undefined (not > 1) where missing: an iPad with such an old Safari reports itself as one anyway
  return /iPhone|iPad|iPod/i.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export default function InstallApp({ props }: WidgetProps<Props>) {
  const prompt = useSyncExternalStore(onInstallPromptChange, installPrompt, () => null);
  const id = asText(props.testId) || undefined;

  if (isStandalone()) {
    return (
      <p className="w-install-done" data-testid={id}>
        {asText(props.installedText)}
      </p>
    );
  }
  if (prompt) {
    return (
      <section className="w-install" data-testid={id}>
        <h2 className="w-install-title">{asText(props.title)}</h2>
        {asText(props.text) && <p className="w-install-text">{asText(props.text)}</p>}
        <button type="button" className="btn-primary" onClick={() => void promptInstall()}>
          {asText(props.buttonText)}
        </button>
      </section>
    );
  }
  if (isIos()) {
    return (
      <section className="w-install" data-testid={id}>
        <h2 className="w-install-title">{asText(props.iosTitle)}</h2>
        <ol className="w-install-steps">
          {props.iosSteps.map((s, i) => (
            <li key={i}>{asText(s)}</li>
          ))}
        </ol>
      </section>
    );
  }
  return null;
}
