import { asCondition } from '../../config/types';
import { evalCondition } from '../../engine/bindings';
import { ConfigForm } from '../../engine/form';
import type { WidgetProps } from '../../engine/registry';
import { Nodes, useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

export default function Form({ node, props }: WidgetProps<Props>) {
  const { forms, scope, t } = useScreen();
  const form = forms.get(props.form);
  if (!form) return null;
  const disabled = props.disabledWhen ? evalCondition(asCondition(props.disabledWhen), scope) : false;
  const inner = (
    <ConfigForm
      name={props.form}
      form={form}
      submitText={props.submitText}
      className={`w-form-${props.variant ?? 'card'}`}
      footer={node.children ? <div className="w-form-footer"><Nodes nodes={node.children} /></div> : undefined}
    />
  );
  if (!props.disabledWhen) return inner;
  // a disabled fieldset disables every control inside it, the submit button and Enter included
  return (
    <fieldset className="w-form-fieldset" disabled={disabled} data-testid={`form-${props.form}-fieldset`}>
      {disabled && props.disabledText && (
        <p className="w-form-disabled" role="alert">
          {t(props.disabledText)}
        </p>
      )}
      {inner}
    </fieldset>
  );
}
