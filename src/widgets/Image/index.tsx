import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import type { Props } from './schema';

export default function Image({ props }: WidgetProps<Props>) {
  const { t } = useScreen();
  const src = t(props.src);
  if (!src) return null;
  return (
    <img
      src={src}
      alt={t(props.alt)}
      width={props.width}
      height={props.height}
      loading={props.eager ? 'eager' : 'lazy'}
      decoding="async"
      style={{
        objectFit: props.fit ?? 'cover',
        borderRadius: props.rounded ? 12 : undefined,
        display: 'block',
        ...(props.block ? { width: '100%', height: 'auto', aspectRatio: props.width && props.height ? `${props.width} / ${props.height}` : undefined } : {}),
      }}
    />
  );
}
