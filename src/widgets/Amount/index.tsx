import { FILTERS, resolve, type Scope } from '../../engine/bindings';
import { floor2, toUsdt, usdtFee, usdtReceived } from '../../engine/money';
import type { WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import type { Props } from './schema';
import './style.css';

/** a number from a bound input, or null when it is missing or not a number */
function num(v: unknown, scope: Scope): number | null {
  const r = resolve(v, scope);
  if (r === undefined || r === null || (typeof r === 'string' && r.trim() === '')) return null;
  const n = Number(r);
  return Number.isFinite(n) ? n : null;
}

type Fees = { withdrawcashfee?: number; withdrawfeeusdttrc?: number };

function compute(props: Props, scope: Scope): number | null {
  const protocol = props.protocol !== undefined ? String(resolve(props.protocol, scope) ?? '') : '';
  const fees = (scope.user ?? {}) as Fees;
  switch (props.op ?? 'value') {
    case 'value': {
      const n = num(props.value, scope);
      return n === null ? null : floor2(n);
    }
    case 'sum': {
      const list = (props.values ?? []).map((v) => num(v, scope));
      return list.some((n) => n === null) ? null : floor2(list.reduce<number>((a, n) => a + (n ?? 0), 0));
    }
    case 'toUsdt': {
      const amount = num(props.amount, scope);
      const rate = num(props.rate, scope);
      return amount === null || rate === null ? null : toUsdt(amount, rate);
    }
    case 'usdtFee':
      return protocol ? usdtFee(protocol, fees) : null;
    case 'usdtReceived': {
      const amount = num(props.amount, scope);
      const rate = num(props.rate, scope);
      if (amount === null || rate === null || !protocol) return null;
      return usdtReceived(amount, rate, usdtFee(protocol, fees));
    }
  }
}

export default function Amount({ props }: WidgetProps<Props>) {
  const { scope, t } = useScreen();
  const n = compute(props, scope);
  const figure = n === null ? t(props.placeholder ?? '--') : String(FILTERS.money(n, undefined, scope));
  const variant = props.variant ?? 'row';
  const prefix = props.prefix ? t(props.prefix) : '';
  const unit = props.unit ? t(props.unit) : '';
  const value = (
    <span className="w-amount-value" data-testid={props.testId}>
      {n !== null && prefix}
      {figure}
      {n !== null && unit && <span className="w-amount-unit"> {unit}</span>}
    </span>
  );
  return (
    <div className={`w-amount w-amount-${variant} tone-${props.tone ?? 'default'}`} aria-live={props.op && props.op !== 'value' ? 'polite' : undefined}>
      {props.label && <span className="w-amount-label">{t(props.label)}</span>}
      {value}
    </div>
  );
}
