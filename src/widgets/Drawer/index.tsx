import { useDeferredValue, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Popup } from '../../engine/overlays';
import { IconByName } from '../../engine/icons';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { Nodes } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

export default function Drawer({ node, props }: WidgetProps<Props>) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const label = asText(props.label);

  useEffect(() => setOpen(false), [location.pathname, location.search]);
  // the tap is answered at once; the menu renders just after (a deferred render), then slides in
  const shown = useDeferredValue(open);

  return (
    <>
      <button type="button" className="w-drawer-open" aria-label={label} aria-expanded={open} onClick={() => setOpen(true)} data-testid={asText(props.testId) || undefined}>
        <IconByName name={asText(props.icon ?? 'record')} />
      </button>
      <Popup visible={shown} position={props.side ?? 'left'} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="w-drawer" label={label || undefined}>
        <nav aria-label={label} className="w-drawer-body">
          <button type="button" className="w-drawer-close" aria-label={asText(props.closeLabel) || undefined} onClick={() => setOpen(false)}>
            <IconByName name="close" />
          </button>
          <Nodes nodes={node.children} />
        </nav>
      </Popup>
    </>
  );
}
