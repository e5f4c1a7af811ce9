/**
 * The form engine: a form config (fields + ORDERED rules + submit) becomes a react-hook-form
 * form whose resolver is the rule list. On submit the first failing rule's message is shown as
 * a danger toast and its onFail effect applied (clear the field, clear the form, new captcha);
 * when every rule holds, the submit call runs with the submit button disabled until it returns.
 * A failed call keeps everything typed; one that got no answer (network, timeout, 5xx) says so
 * (@form.notArrived), and the next tap is the same request (the client keeps its Idempotency-Key).
 * What the player types is kept as the form's draft (form-draft-keeper.tsx, a chunk of its own).
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useForm, useWatch, Controller, type Control, type Resolver, type FieldValues, type UseFormRegisterReturn, type UseFormSetValue } from 'react-hook-form';
import { Button } from 'antd-mobile';
import { appConfig } from '../config';
import { asActions, type Action, type FieldConfig, type FormConfig } from '../config/types';
import { unanswered, type CallResult } from '../api/client';
import { runActions, type ActionContext } from './actions';
import { resolve, resolveNumber, resolveText, type Scope } from './bindings';
import { runRules, type RuleFailure } from './rules';
import { fieldComponent, fieldsReady, loadFieldTypes, type FieldInputProps } from './form-fields';
import { withNames } from './scope';
import { ScopeProvider, useScreen } from './screen';
import { ui } from './ui';
import { IconByName } from './icons';
import { Captcha, newCaptchaCode } from './captcha';
import { useDrafts } from './form-draft-load';
import type { DraftHandle } from './form-draft-keeper';
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

type Screen = ReturnType<typeof useScreen>;
type Methods = ReturnType<typeof useForm<FieldValues>>;

/**
 * The rule that failed, said: its message as a danger toast (with the form's values, the rule's
 * bounds in scope), then its onFail effect (clear the field, clear the form, a new captcha).
 */
function useRuleFailure(form: FormConfig, screen: Screen, methods: Methods, failure: { current: RuleFailure | null }, nowRef: { current: Screen['now'] }, redraw: () => void) {
  const { setValue, reset, getValues } = methods;
  return () => {
    const f = failure.current;
    if (!f) return;
    const msgScope = withNames(nowRef.current(), { form: getValues(), min: f.min, max: f.max });
    ui.fail(screen.text(f.rule.message, msgScope));
    switch (f.rule.onFail) {
      case 'clearField':
        setValue(f.rule.field, '');
        break;
      case 'clearForm':
        // the inputs keep their place in the form (text fields are bound by ref: see TextInput)
        reset(defaultsOf(form.fields, nowRef.current()), { keepFieldsRef: true });
        break;
      case 'newCaptcha':
        setValue(f.rule.field, '');
        redraw();
        break;
    }
  };
}

/**
 * The submit of a form whose rules all hold: `before`, then the submit call (an api action: the same
 * call, toasts and handlers as anywhere in config) or its actions alone; one at a time, the button
 * busy meanwhile. How the submit's own call ended is told to the draft, and a call that got no
 * answer is said here (@form.notArrived), whether or not the drafts' chunk has come.
 */
function useSubmit(form: FormConfig, screen: Screen, methods: Methods, draft: { current: DraftHandle | null }, redraw: () => void) {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
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
          if (cf) methods.setValue(cf.name, '');
          redraw();
        },
      };
      const extra = { form: values };
      // how the submit's own call ended (the first call of the submit, not of its handlers)
      let told = false;
      const tell = (r?: CallResult<unknown>) => {
        if (told) return;
        told = true;
        // the player is still on this form: what was typed is there, the next tap sends it again
        if (r && unanswered(r) && screen.actionContext.live?.() !== false) ui.fail(screen.text('@form.notArrived'));
        draft.current?.submitted(r);
      };
      const submitCtx: ActionContext = { ...ctx, submitted: tell };
      if (submit.before && !(await runActions(asActions(submit.before), ctx, extra))) return;
      if (!submit.endpoint) {
        if (await runActions(asActions(submit.onSuccess), submitCtx, extra)) tell();
        return;
      }
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
      await runActions([action], submitCtx, extra);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return { busy, onValid };
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
  // the values a form opens with, read once (now(): the form does not re-render when what they read changes later)
  const defaults = useMemo(() => defaultsOf(form.fields, screen.now()), [form.fields]); // eslint-disable-line react-hooks/exhaustive-deps

  const resolver = useCallback<Resolver<FieldValues>>(
    async (values) => {
      const f = runRules(form.rules, values, { scope: nowRef.current(), patterns, captcha: captchaRef.current });
      failure.current = f;
      if (!f) return { values, errors: {} };
      return { values: {}, errors: { [f.rule.field]: { type: f.rule.type, message: f.rule.message } } };
    },
    [form.rules],
  );

  const methods = useForm<FieldValues>({
    defaultValues: defaults,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control, handleSubmit, setValue } = methods;

  // its draft (form-draft-keeper.tsx, a chunk of its own)
  const Drafts = useDrafts();
  const draft = useRef<DraftHandle>(null);

  // the chunks of its textarea or choice fields: the screen's preload has loaded them, else now
  const [ready, setReady] = useState(() => fieldsReady(form.fields));
  useEffect(() => {
    if (!ready) void loadFieldTypes(form.fields.map((f) => f.type)).then(() => setReady(true), () => undefined);
  }, [ready, form.fields]);

  const redraw = useCallback(() => setCaptcha(newCaptchaCode(resolveNumber('{{const.captchaLength}}', nowRef.current(), 4))), []);
  const onInvalid = useRuleFailure(form, screen, methods, failure, nowRef, redraw);
  const { busy, onValid } = useSubmit(form, screen, methods, draft, redraw);

  if (!ready) return null;
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
      {Drafts && <Drafts.default name={name} form={form} defaults={defaults} methods={methods} handle={draft} />}
      <Fields control={control} setValue={setValue} fields={form.fields} formName={name} captcha={captcha} onRedraw={redraw} />
      {footer && <LiveFooter control={control}>{footer}</LiveFooter>}
      <Button className="cfg-form-submit" block color="primary" size="large" type="submit" disabled={busy} loading={busy}>
        {screen.text(submitText ?? form.submitText)}
      </Button>
    </form>
  );
}

/**
 * The fields, memoised, with a subscription of their own to what they read (a select's options
 * from loaded data): the form's own re-renders (react-hook-form's after its mount, a submit's busy
 * state) do not re-render them. A typed key re-renders nothing in a text field (bound by ref, see
 * TextInput), and only its Controller and input in the others; rows and labels stay as they are.
 */
const Fields = memo(function Fields({
  control,
  setValue,
  fields,
  formName,
  captcha,
  onRedraw,
}: {
  control: Control<FieldValues>;
  setValue: UseFormSetValue<FieldValues>;
  fields: readonly FieldConfig[];
  formName: string;
  captcha: string;
  onRedraw: () => void;
}) {
  const { scope } = useScreen();
  return (
    <div className="cfg-form-fields">
      {fields
        .filter((f) => f.type === 'hidden')
        .map((f) => (
          <Controller key={f.name} name={f.name} control={control} render={({ field }) => <input type="hidden" name={f.name} value={String(field.value ?? '')} />} />
        ))}
      {fields
        .filter((f) => f.type !== 'hidden')
        .map((f) => (
          <FieldRow key={f.name} field={f} formName={formName} scope={scope}>
            <FieldInput control={control} setValue={setValue} field={f} id={`${formName}-${f.name}`} scope={scope} captcha={captcha} onRedraw={onRedraw} />
          </FieldRow>
        ))}
    </div>
  );
});

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

/**
 * A field's input, bound to the form: a text, password, number or captcha field by ref (TextInput),
 * the others by their Controller. What it shows besides its value (the placeholder, the length, the
 * labels: bindings of config) is worked out when the fields render, never on a typed key.
 */
function FieldInput({ control, setValue, ...props }: Omit<FieldInputProps, 'value' | 'onChange'> & { control: Control<FieldValues>; setValue: UseFormSetValue<FieldValues> }) {
  const { field, id, scope, captcha, onRedraw } = props;
  const { text } = useScreen();
  const Own = fieldComponent(field.type);
  if (Own) return <Controller name={field.name} control={control} render={({ field: bound }) => <Own {...props} value={bound.value} onChange={bound.onChange} />} />;
  const placeholder = resolveText(field.placeholder ?? '', scope);
  const maxLength = field.maxLength !== undefined ? resolveNumber(field.maxLength, scope, 32) : resolveNumber('{{const.textInputMax}}', scope, 32);
  const clearLabel = text('@form.inputClear');
  const registration = control.register(field.name);
  const clear = () => setValue(field.name, '', { shouldDirty: true });
  if (field.type === 'captcha') {
    return (
      <div className="cfg-captcha">
        <TextInput id={id} registration={registration} onClear={clear} placeholder={placeholder} maxLength={maxLength} inputMode="numeric" autoComplete="off" clearLabel={clearLabel} />
        <Captcha code={captcha} onRefresh={onRedraw} label={text('@captcha.refresh')} />
      </div>
    );
  }
  return (
    <TextInput
      id={id}
      registration={registration}
      onClear={clear}
      type={field.type === 'password' ? 'password' : 'text'}
      inputMode={field.inputMode ?? (field.type === 'number' ? 'decimal' : undefined)}
      placeholder={placeholder}
      maxLength={maxLength}
      readOnly={field.readOnly}
      autoComplete={field.autoComplete ?? (field.type === 'password' ? 'current-password' : 'off')}
      clearLabel={field.readOnly ? undefined : clearLabel}
    />
  );
}

/**
 * A text, password, number or captcha field's input: a native input with antd-mobile's Input look
 * (form.css), not antd-mobile's Input, whose every key ran its own state, its focus state and its
 * clear button's render on every key (a slow phone's first key waited for all of it).
 * It is bound to the form by ref (react-hook-form's `register`): the input holds what is typed, the
 * form reads it on each change and writes it (a draft put back, a rule's clearField, a reset), and a
 * key renders no component at all (a Controller would re-render itself and the input on every key).
 * The clear button is always there
 * and shown by CSS while the field has a value and the focus. Tapping it keeps the focus in the
 * field (as antd-mobile's).
 */
type InputAttributes = Pick<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'inputMode' | 'placeholder' | 'maxLength' | 'readOnly' | 'autoComplete'>;
function TextInput({ registration, onClear, clearLabel, placeholder, ...attributes }: InputAttributes & { registration: UseFormRegisterReturn; onClear: () => void; clearLabel?: string }) {
  const input = useRef<HTMLInputElement | null>(null);
  const { ref: bind, ...bound } = registration;
  const ref = useCallback(
    (el: HTMLInputElement | null) => {
      input.current = el;
      bind(el);
    },
    [bind],
  );
  return (
    <div className="cfg-input">
      {/* a placeholder of one space where there is none: the clear button hides on :placeholder-shown */}
      <input ref={ref} className="cfg-input-element" {...attributes} {...bound} placeholder={placeholder || ' '} />
      {clearLabel !== undefined && (
        <button
          type="button"
          className="cfg-input-clear"
          aria-label={clearLabel}
          tabIndex={-1}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            onClear();
            input.current?.focus();
          }}
        />
      )}
    </div>
  );
}
