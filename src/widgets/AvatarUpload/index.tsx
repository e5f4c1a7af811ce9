import { useRef, useState, type ChangeEvent } from 'react';
import { resolveNumber } from '../../engine/bindings';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { ui } from '../../engine/ui';
import type { Props } from './schema';
import './style.css';

export default function AvatarUpload({ props }: WidgetProps<Props>) {
  const { t, run, scope } = useScreen();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const size = props.size ?? 64;
  const src = t(props.src);
  const editable = !!props.upload?.length;
  const constants = (scope.const ?? {}) as { avatarTypes?: string[] };
  const types = constants.avatarTypes ?? [];

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || busy) return;
    if (!types.includes(file.type)) return ui.fail(t('@avatar.type'));
    if (file.size > resolveNumber('{{const.avatarMaxBytes}}', scope, 0)) return ui.fail(t('@avatar.size'));
    setBusy(true);
    try {
      // the upload is config (an api action with "payload": {"file": "{{file}}"}): the call, its toasts and what follows
      await run(props.upload, { file });
    } finally {
      setBusy(false);
    }
  };

  const picture = src ? (
    <img className="w-avatar-img" src={src} alt={t(props.alt)} width={size} height={size} decoding="async" />
  ) : (
    <span className="w-avatar-img w-avatar-blank" style={{ width: size, height: size }} role="img" aria-label={t(props.alt)} />
  );
  if (!editable) return <span className="w-avatar" style={{ width: size, height: size }}>{picture}</span>;
  return (
    <span className="w-avatar-wrap">
      <label className={`w-avatar is-editable ${busy ? 'is-busy' : ''}`} style={{ width: size, height: size }} data-testid={props.testId}>
        {picture}
        <span className="w-avatar-badge" aria-hidden="true">+</span>
        <input ref={input} className="sr-only" type="file" name="file" accept={types.join(',')} aria-label={t(props.label ?? props.alt)} onChange={(e) => void onPick(e)} disabled={busy} />
      </label>
      {props.hint && <span className="w-avatar-hint">{t(props.hint)}</span>}
    </span>
  );
}
