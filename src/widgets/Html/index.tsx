import { useMemo } from 'react';
import { sanitizeHtml } from '../../engine/sanitize';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

export default function Html({ props }: WidgetProps<Props>) {
  const { t } = useScreen();
  const raw = t(props.html);
  const clean = useMemo(() => sanitizeHtml(raw), [raw]);
  if (!clean) return null;
  return <div className={`w-html w-html-${props.variant ?? 'article'}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
