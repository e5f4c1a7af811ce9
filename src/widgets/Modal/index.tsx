import { useEffect, useState } from 'react';
import { CenterPopup } from '../../engine/overlays';
import type { WidgetProps } from '../../engine/registry';
import { Nodes, useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

const KEY = 'shown:';

function seen(key: string | undefined): boolean {
  try {
    return !!key && sessionStorage.getItem(KEY + key) === '1';
  } catch {
    return false;
  }
}

export default function Modal({ node, props }: WidgetProps<Props>) {
  const { t, run } = useScreen();
  const [open, setOpen] = useState(() => !seen(props.onceKey));

  useEffect(() => {
    if (!open || !props.onceKey) return;
    try {
      sessionStorage.setItem(KEY + props.onceKey, '1');
    } catch {
      /* storage disabled: it opens again next time */
    }
  }, [open, props.onceKey]);

  const confirm = () => {
    setOpen(false);
    void run(props.onConfirm);
  };
  const titleId = props.onceKey ? `w-modal-${props.onceKey}` : undefined;

  return (
    <CenterPopup visible={open} onMaskClick={() => setOpen(false)} className="w-modal-root" bodyClassName="w-modal" destroyOnClose>
      <div role="dialog" aria-modal="true" aria-labelledby={props.title ? titleId : undefined} data-testid={props.testId}>
        {props.title && (
          <h2 className="w-modal-title" id={titleId}>
            {t(props.title)}
          </h2>
        )}
        <div className="w-modal-content">
          <Nodes nodes={node.children} />
        </div>
        <div className="w-modal-actions">
          <button type="button" className="btn-primary w-modal-confirm" onClick={confirm}>
            {t(props.confirmText)}
          </button>
        </div>
      </div>
    </CenterPopup>
  );
}
