/**
 * The form engine: a form config (fields + ORDERED rules + submit) becomes a react-hook-form
 * form whose resolver is the rule list. On submit the first failing rule's message is shown as
 * a danger toast and its onFail effect applied (clear the field, clear the form, new captcha);
 * when every rule holds, the submit call runs with the submit button disabled until it returns.
 * A failed call keeps everything typed.
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, Controller, type Control, type Resolver, type FieldValues } from 'react-hook-form';
import { Button, Input, Selector, TextArea } from 'antd-mobile';
import { appConfig } from '../config';
import { asActions, type Action, type FieldConfig, type FormConfig } from '../config/types';
import { runActions, type ActionContext } from './actions';
import { resolve, resolveNumber, resolveText, type Scope } from './bindings';
import { runRules, type RuleFailure } from './rules';
import { optionsFrom } from './options';
import { withNames } from './scope';
import { ScopeProvider, useScreen } from './screen';
import { ui } from './ui';
import { IconByName } from './icons';
import { Captcha, newCaptchaCode } from './captcha';
import './form.css';

export interface ConfigFormProps {
  name: string;
  form: FormConfig;
  /** rendered between the fields and the submit button */
  footer?: ReactNode;
  submitText?: string;
  className?: string;
}

const patterns = appConfig.patterns as Record<string, string>;

function defaultsOf(fields: readonly FieldConfig[], scope: Scope): FieldValues {
  const out: FieldValues = {};
  for (const f of fields) {
    const v = f.default !== undefined ? resolve(f.default, scope) : '';
    out[f.name] = v === undefined || v === null ? '' : v;
  }
  return out;
}

/** Dates are sent as YYYY-MM-DD of the picked day, shifted by the configured hours (SPEC.md section 9). */
export function formatDate(d: Date, shiftHours: number): string {
  return new Date(d.getTime() + shiftHours * 3600000).toISOString().slice(0, 10);
}

export function ConfigForm({ name, form, footer, submitText, className }: ConfigFormProps) {
  const screen = useScreen();
  const scope = screen.scope;
  // validation, messages and resets read the values of now (this component re-renders only for what it shows)
  const nowRef = useRef(screen.now);
  nowRef.current = screen.now;
  const [captcha, setCaptcha] = useState(() => newCaptchaCode(resolveNumber('{{const.captchaLength}}', scope, 4)));
  const captchaRef = useRef(captcha);
  captchaRef.current = captcha;
  const failure = useRef<RuleFailure | null>(null);
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const defaults = useMemo(() => defaultsOf(form.fields, scope), [form.fields]); // eslint-disable-line react-hooks/exhaustive-deps

  const resolver = useCallback<Resolver<FieldValues>>(
    async (values) => {
      const f = runRules(form.rules, values, { scope: nowRef.current(), patterns, captcha: captchaRef.current });
      failure.current = f;
      if (!f) return { values, errors: {} };
      return { values: {}, errors: { [f.rule.field]: { type: f.rule.type, message: f.rule.message } } };
    },
    [form.rules],
  );

  const { control, handleSubmit, setValue, reset, getValues } = useForm<FieldValues>({
    defaultValues: defaults,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const redraw = useCallback(() => setCaptcha(newCaptchaCode(resolveNumber('{{const.captchaLength}}', nowRef.current(), 4))), []);

  const onInvalid = () => {
    const f = failure.current;
    if (!f) return;
    const msgScope = withNames(nowRef.current(), { form: getValues(), min: f.min, max: f.max });
    ui.fail(screen.text(f.rule.message, msgScope));
    switch (f.rule.onFail) {
      case 'clearField':
        setValue(f.rule.field, '');
        break;
      case 'clearForm':
        reset(defaultsOf(form.fields, nowRef.current()));
        break;
      case 'newCaptcha':
        setValue(f.rule.field, '');
        redraw();
        break;
    }
  };

  const onValid = async (values: FieldValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const submit = form.submit ?? {};
      // handlers run with the form's values in scope, and can draw a new captcha (newCaptcha)
      const ctx: ActionContext = {
        ...screen.actionContext,
        newCaptcha: () => {
          const cf = form.fields.find((f) => f.type === 'captcha');
          if (cf) setValue(cf.name, '');
          redraw();
        },
      };
      const extra = { form: values };
      if (submit.before && !(await runActions(asActions(submit.before), ctx, extra))) return;
      if (!submit.endpoint) {
        await runActions(asActions(submit.onSuccess), ctx, extra);
        return;
      }
      // the submit is an api action: the same call, toasts and handlers as anywhere in config;
      // a submit shows the loading indicator unless the form says otherwise (the player waits on it)
      const payload = submit.payload ?? Object.fromEntries(form.fields.filter((f) => f.send !== false).map((f) => [f.name, `{{form.${f.name}}}`]));
      const action: Action = {
        type: 'api',
        endpoint: submit.endpoint,
        payload,
        loading: submit.loading !== false,
        successToast: submit.successToast,
        onSuccess: submit.onSuccess,
        onError: submit.onError,
        onNetworkError: submit.onNetworkError,
      };
      await runActions([action], ctx, extra);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <form
      className={`cfg-form ${className ?? ''}`}
      name={name}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void handleSubmit(onValid, onInvalid)(e);
      }}
    >
      <div className="cfg-form-fields">
        {form.fields
          .filter((f) => f.type === 'hidden')
          .map((f) => (
            <Controller key={f.name} name={f.name} control={control} render={({ field }) => <input type="hidden" name={f.name} value={String(field.value ?? '')} />} />
          ))}
        {form.fields
          .filter((f) => f.type !== 'hidden')
          .map((f) => (
            <Controller
              key={f.name}
              name={f.name}
              control={control}
              render={({ field }) => (
                <FieldRow field={f} formName={name} scope={scope}>
                  <FieldInput
                    field={f}
                    id={`${name}-${f.name}`}
                    value={field.value}
                    onChange={field.onChange}
                    scope={scope}
                    captcha={captcha}
                    onRedraw={redraw}
                  />
                </FieldRow>
              )}
            />
          ))}
      </div>
      {footer && <LiveFooter control={control}>{footer}</LiveFooter>}
      <Button className="cfg-form-submit" block color="primary" size="large" type="submit" disabled={busy} loading={busy}>
        {screen.text(submitText ?? form.submitText)}
      </Button>
    </form>
  );
}

/** The footer sees the values as they are typed (`form.<field>`), e.g. a computed USDT amount. */
function LiveFooter({ control, children }: { control: Control<FieldValues>; children: ReactNode }) {
  const values = useWatch({ control });
  const extra = useMemo(() => ({ form: values }), [values]);
  return <ScopeProvider extra={extra}>{children}</ScopeProvider>;
}

function FieldRow({ field, formName, scope, children }: { field: FieldConfig; formName: string; scope: Scope; children: ReactNode }) {
  const label = resolveText(field.label ?? field.placeholder ?? field.name, scope);
  return (
    <div className={`cfg-field cfg-field-${field.type}`}>
      <label className={field.label ? 'cfg-field-label' : 'sr-only'} htmlFor={`${formName}-${field.name}`}>
        {field.icon && <IconByName name={field.icon} className="cfg-field-icon" />}
        {label}
      </label>
      <div className="cfg-field-control">{children}</div>
    </div>
  );
}

interface FieldInputProps {
  field: FieldConfig;
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  scope: Scope;
  captcha: string;
  onRedraw: () => void;
}

/**
 * Fixed options first, then the ones from loaded data. An optionsFrom label is a field of the
 * item, or a text with bindings over `item` ("{{item.bank}} {{item.bank_no | last4}}").
 */
function optionsOf(field: FieldConfig, scope: Scope): { label: string; value: string }[] {
  const out = (field.options ?? []).map((o) => ({ label: resolveText(o.label, scope), value: String(o.value) }));
  for (const o of optionsFrom(field.optionsFrom, scope)) out.push({ label: o.label, value: String(o.value ?? '') });
  return out;
}

const Picker = lazy(() => import('./form-pickers').then((m) => ({ default: m.Picker })));
const DatePicker = lazy(() => import('./form-pickers').then((m) => ({ default: m.DatePicker })));

function FieldInput({ field, id, value, onChange, scope, captcha, onRedraw }: FieldInputProps) {
  const placeholder = resolveText(field.placeholder ?? '', scope);
  const maxLength = field.maxLength !== undefined ? resolveNumber(field.maxLength, scope, 32) : resolveNumber('{{const.textInputMax}}', scope, 32);
  const str = value === undefined || value === null ? '' : String(value);
  const [pickerOpen, setPickerOpenState] = useState(false);
  // the picker chunk loads on first open, and stays mounted afterwards so it can animate closed
  const [pickerUsed, setPickerUsed] = useState(false);
  const setPickerOpen = (open: boolean) => {
    if (open) setPickerUsed(true);
    setPickerOpenState(open);
  };
  const { text } = useScreen();

  switch (field.type) {
    case 'textarea':
      return <TextArea id={id} name={field.name} placeholder={placeholder} value={str} onChange={onChange} maxLength={maxLength} rows={3} readOnly={field.readOnly} />;
    case 'select': {
      const options = optionsOf(field, scope);
      const current = options.find((o) => o.value === str);
      return (
        <>
          <input type="hidden" name={field.name} value={str} />
          <button type="button" id={id} className={`cfg-select ${current ? '' : 'is-empty'}`} onClick={() => setPickerOpen(true)} disabled={field.readOnly}>
            {current?.label ?? placeholder}
          </button>
          {pickerUsed && (
            <Suspense fallback={null}>
              <Picker
                columns={[options]}
                visible={pickerOpen}
                value={[str]}
                onClose={() => setPickerOpen(false)}
                onConfirm={(v) => onChange(v[0] ?? '')}
                confirmText={text('@common.ok')}
                cancelText={text('@common.cancel')}
              />
            </Suspense>
          )}
        </>
      );
    }
    case 'date': {
      const shift = resolveNumber('{{const.dateShiftHours}}', scope, 0);
      const min = field.min ? new Date(`${resolveText(field.min, scope)}T00:00:00`) : undefined;
      return (
        <>
          <input type="hidden" name={field.name} value={str} />
          <button type="button" id={id} className={`cfg-select ${str ? '' : 'is-empty'}`} onClick={() => !field.readOnly && setPickerOpen(true)}>
            {str || placeholder}
          </button>
          {pickerUsed && (
            <Suspense fallback={null}>
              <DatePicker
                visible={pickerOpen}
                min={min}
                max={new Date()}
                value={/^\d{4}-\d{2}-\d{2}$/.test(str) ? new Date(`${str}T00:00:00`) : undefined}
                onClose={() => setPickerOpen(false)}
                onConfirm={(d) => onChange(formatDate(d, shift))}
                confirmText={text('@common.ok')}
                cancelText={text('@common.cancel')}
              />
            </Suspense>
          )}
        </>
      );
    }
    case 'radio': {
      const options = optionsOf(field, scope);
      return (
        <div role="radiogroup" id={id} aria-label={resolveText(field.label ?? field.name, scope)}>
          <input type="hidden" name={field.name} value={str} />
          <Selector columns={Math.min(options.length, 3) || 1} options={options} value={str ? [str] : []} onChange={(v) => v.length && onChange(v[0])} />
        </div>
      );
    }
    case 'captcha':
      return (
        <div className="cfg-captcha">
          <Input id={id} name={field.name} placeholder={placeholder} value={str} onChange={onChange} maxLength={maxLength} inputMode="numeric" autoComplete="off" />
          <Captcha code={captcha} onRefresh={onRedraw} label={text('@captcha.refresh')} />
        </div>
      );
    default:
      return (
        <Input
          id={id}
          name={field.name}
          type={field.type === 'password' ? 'password' : 'text'}
          inputMode={field.inputMode ?? (field.type === 'number' ? 'decimal' : undefined)}
          placeholder={placeholder}
          value={str}
          onChange={onChange}
          maxLength={maxLength}
          readOnly={field.readOnly}
          autoComplete={field.autoComplete ?? (field.type === 'password' ? 'current-password' : 'off')}
          clearable={!field.readOnly}
        />
      );
  }
}
