import { ConfigForm } from '../../engine/form';
import type { WidgetProps } from '../../engine/registry';
import { Nodes, useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

export default function Form({ node, props }: WidgetProps<Props>) {
  const { forms } = useScreen();
  const form = forms.get(props.form);
  if (!form) return null;
  return (
    <ConfigForm
      name={props.form}
      form={form}
      submitText={props.submitText}
      className={`w-form-${props.variant ?? 'card'}`}
      footer={node.children ? <div className="w-form-footer"><Nodes nodes={node.children} /></div> : undefined}
    />
  );
}
