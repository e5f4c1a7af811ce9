import { useEffect, useState } from 'react';
import { CenterPopup } from '../../engine/overlays';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { Nodes, useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import { markSeen, seenThisSession } from './once';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'onConfirm'>;

export default function Modal({ node, props }: WidgetProps<Props>) {
  const { run } = useScreen();
  const onceKey = asText(props.onceKey);
  const title = asText(props.title);
  const [open, setOpen] = useState(() => !seenThisSession(onceKey));

  useEffect(() => {
    if (open && onceKey) markSeen(onceKey);
  }, [open, onceKey]);

  const confirm = () => {
    setOpen(false);
    void run(props.onConfirm);
  };
  const titleId = onceKey ? `w-modal-${onceKey}` : undefined;

  return (
    <CenterPopup visible={open} onMaskClick={() => setOpen(false)} className="w-modal-root" bodyClassName="w-modal" labelledBy={title ? titleId : undefined} destroyOnClose>
      <div data-testid={asText(props.testId) || undefined}>
        {title && (
          <h2 className="w-modal-title" id={titleId}>
            {title}
          </h2>
        )}
        <div className="w-modal-content">
          <Nodes nodes={node.children} />
        </div>
        <div className="w-modal-actions">
          <button type="button" className="btn-primary w-modal-confirm" onClick={confirm}>
            {asText(props.confirmText)}
          </button>
        </div>
      </div>
    </CenterPopup>
  );
}
