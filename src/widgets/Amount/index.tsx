import { FILTERS, type Scope } from '../../engine/bindings';
import { floor2, toUsdt, usdtFee, usdtReceived } from '../../engine/money';
import type { ResolvedProps, WidgetProps } from '../../engine/registry';
import { useScreen } from '../../engine/screen';
import { asText } from '../../engine/text';
import type { Props as Config } from './schema';
import './style.css';

type Props = ResolvedProps<Config>;

/** a number from a bound input, or null when it is missing or not a number */
function num(r: unknown): number | null {
  if (r === undefined || r === null || (typeof r === 'string' && r.trim() === '')) return null;
  const n = Number(r);
  return Number.isFinite(n) ? n : null;
}

type Fees = { withdrawcashfee?: number; withdrawfeeusdttrc?: number };

function compute(props: Props, scope: Scope): number | null {
  const protocol = asText(props.protocol);
  const fees = (scope.user ?? {}) as Fees;
  switch (props.op ?? 'value') {
    case 'value': {
      const n = num(props.value);
      return n === null ? null : floor2(n);
    }
    case 'sum': {
      const list = (props.values ?? []).map((v) => num(v));
      return list.some((n) => n === null) ? null : floor2(list.reduce<number>((a, n) => a + (n ?? 0), 0));
    }
    case 'toUsdt': {
      const amount = num(props.amount);
      const rate = num(props.rate);
      return amount === null || rate === null ? null : toUsdt(amount, rate);
    }
    case 'usdtFee':
      return protocol ? usdtFee(protocol, fees) : null;
    case 'usdtReceived': {
      const amount = num(props.amount);
      const rate = num(props.rate);
      if (amount === null || rate === null || !protocol) return null;
      return usdtReceived(amount, rate, usdtFee(protocol, fees));
    }
  }
}

export default function Amount({ props }: WidgetProps<Props>) {
  const { scope } = useScreen();
  const n = compute(props, scope);
  const figure = n === null ? asText(props.placeholder ?? '--') : String(FILTERS.money(n, undefined, scope));
  const variant = props.variant ?? 'row';
  const prefix = asText(props.prefix);
  const unit = asText(props.unit);
  const label = asText(props.label);
  const value = (
    <span className="w-amount-value" data-testid={props.testId}>
      {n !== null && prefix}
      {figure}
      {n !== null && unit && <span className="w-amount-unit"> {unit}</span>}
    </span>
  );
  return (
    <div className={`w-amount w-amount-${variant} tone-${props.tone ?? 'default'}`} aria-live={props.op && props.op !== 'value' ? 'polite' : undefined}>
      {label && <span className="w-amount-label">{label}</span>}
      {value}
    </div>
  );
}
