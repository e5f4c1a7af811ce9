import { appConfig } from '../../config';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { Nodes } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

/** An in-app browser that blocks downloads: its user agent holds one of app.json inAppBrowser.userAgents. */
export function inAppBrowser(ua: string = navigator.userAgent): boolean {
  return (appConfig.inAppBrowser?.userAgents ?? []).some((p) => p !== '' && ua.includes(p));
}

export default function OpenInBrowser({ node, props }: WidgetProps<Props>) {
  const guide = appConfig.inAppBrowser;
  if (!guide || !inAppBrowser()) return <Nodes nodes={node.children} />;
  if (props.silent) return null;
  return (
    <section className="w-openinbrowser" role="note" data-testid={asText(props.testId) || undefined}>
      <h2 className="w-openinbrowser-title">{guide.title}</h2>
      <ol className="w-openinbrowser-steps">
        {guide.steps.map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ol>
    </section>
  );
}
