import { ConfigForm } from '../../engine/form';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { Nodes, useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config, 'submitText'>;

export default function Form({ node, props }: WidgetProps<Props>) {
  const { forms, holds } = useScreen();
  const name = asText(props.form);
  const form = forms.get(name);
  if (!form) return null;
  const disabled = props.disabledWhen ? holds(props.disabledWhen) : false;
  const inner = (
    <ConfigForm
      name={name}
      form={form}
      submitText={props.submitText}
      className={`w-form-${props.variant ?? 'card'}`}
      footer={node.children ? <div className="w-form-footer"><Nodes nodes={node.children} /></div> : undefined}
    />
  );
  if (!props.disabledWhen) return inner;
  // a disabled fieldset disables every control inside it, the submit button and Enter included
  return (
    <fieldset className="w-form-fieldset" disabled={disabled} data-testid={`form-${name}-fieldset`}>
      {disabled && asText(props.disabledText) && (
        <p className="w-form-disabled" role="alert">
          {asText(props.disabledText)}
        </p>
      )}
      {inner}
    </fieldset>
  );
}
