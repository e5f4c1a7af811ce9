import { useRef, useState, type ChangeEvent } from 'react';
import { resolveNumber } from '../../engine/bindings';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { ui } from '../../engine/ui';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'upload'>;

export default function AvatarUpload({ props }: WidgetProps<Props>) {
  const { text, run, scope } = useScreen();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const size = props.size ?? 64;
  const src = asText(props.src);
  const alt = asText(props.alt);
  const editable = !!props.upload?.length;
  const constants = (scope.const ?? {}) as { avatarTypes?: string[] };
  const types = constants.avatarTypes ?? [];

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || busy) return;
    if (!types.includes(file.type)) return ui.fail(text('@avatar.type'));
    if (file.size > resolveNumber('{{const.avatarMaxBytes}}', scope, 0)) return ui.fail(text('@avatar.size'));
    setBusy(true);
    try {
      // the upload is config (an api action with "payload": {"file": "{{file}}"}): the call, its toasts and what follows
      await run(props.upload, { file });
    } finally {
      setBusy(false);
    }
  };

  const picture = src ? (
    <img className="w-avatar-img" src={src} alt={alt} width={size} height={size} decoding="async" />
  ) : (
    <span className="w-avatar-img w-avatar-blank" style={{ width: size, height: size }} role="img" aria-label={alt} />
  );
  if (!editable) return <span className="w-avatar" style={{ width: size, height: size }}>{picture}</span>;
  return (
    <span className="w-avatar-wrap">
      <label className={`w-avatar is-editable ${busy ? 'is-busy' : ''}`} style={{ width: size, height: size }} data-testid={asText(props.testId) || undefined}>
        {picture}
        <span className="w-avatar-badge" aria-hidden="true">+</span>
        <input ref={input} className="sr-only" type="file" name="file" accept={types.join(',')} aria-label={props.label !== undefined ? asText(props.label) : alt} onChange={(e) => void onPick(e)} disabled={busy} />
      </label>
      {!!props.hint && <span className="w-avatar-hint">{asText(props.hint)}</span>}
    </span>
  );
}
