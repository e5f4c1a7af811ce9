import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';

type Props = ResolvedProps<Config>;

export default function Image({ props }: WidgetProps<Props>) {
  const src = asText(props.src);
  if (!src) return null;
  return (
    <img
      src={src}
      alt={asText(props.alt)}
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
