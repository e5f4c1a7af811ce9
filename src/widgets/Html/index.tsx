import { useMemo } from 'react';
import { sanitizeHtml } from '../../engine/sanitize';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

export default function Html({ props }: WidgetProps<Props>) {
  const raw = asText(props.html);
  const clean = useMemo(() => sanitizeHtml(raw), [raw]);
  if (!clean) return null;
  return <div className={`w-html w-html-${props.variant ?? 'article'}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
