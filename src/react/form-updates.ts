import { type CheckoutError, isCheckoutError, type MountedCheckout } from 'secure-checkout';
import { changesBetween } from './same-value';

/** What a running payment keeps: the shopper pays what Pay showed and the bank authenticated. */
const PRICE = ['amount', 'currency'];

type Props = Record<string, unknown>;

/**
 * A mounted form kept in step with its component's props: each change is one `update()` with
 * what changed, never a remount. While a payment runs, the core refuses a new amount or currency
 * (`busy`): that refusal is reported, every other change applies at once, and the price is
 * applied once the payment has ended (`paymentMayHaveEnded()`) or at the next change of props.
 */
export class FormUpdates {
  /** What the form was given, as far as this side knows. */
  private applied: Props;
  /** The latest props. */
  private wanted: Props;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly mounted: MountedCheckout,
    initial: Props,
    private readonly report: (error: CheckoutError) => void,
  ) {
    this.applied = initial;
    this.wanted = initial;
  }

  /** The props of a render. Equal to the last ones (a re-render): nothing happens. */
  change(next: Props): void {
    if (!changesBetween(this.wanted, next)) return;
    this.wanted = next;
    this.apply(true);
  }

  /**
   * A callback that ends or advances a payment ran (onError, onCancel, onCharge settled, the
   * authentication's result): once the form has taken its outcome (after the microtasks that
   * follow, hence the next task), what is pending is tried again; still refused, it stays pending
   * without a second report.
   */
  paymentMayHaveEnded(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.apply(false), 0);
  }

  /** The form is destroyed: nothing more is tried. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private apply(reportBusy: boolean): void {
    const changes = this.stopped ? null : changesBetween(this.applied, this.wanted);
    if (!changes) return;
    try {
      this.mounted.update(changes);
      this.applied = this.wanted;
    } catch (error) {
      if (!isCheckoutError(error)) throw error;
      if (error.code !== 'busy') {
        this.report(error);
        return;
      }
      if (reportBusy) this.report(error);
      this.applyAllButPrice(changes);
    }
  }

  private applyAllButPrice(changes: Props): void {
    const rest = Object.fromEntries(Object.entries(changes).filter(([key]) => !isPrice(key)));
    if (Object.keys(rest).length === 0) return;
    try {
      this.mounted.update(rest);
    } catch (error) {
      if (!isCheckoutError(error)) throw error;
      this.report(error);
      return;
    }
    const applied: Props = { ...this.wanted };
    for (const key of PRICE) {
      if (Object.hasOwn(this.applied, key)) applied[key] = this.applied[key];
      else delete applied[key];
    }
    this.applied = applied;
  }
}

const isPrice = (key: string) => PRICE.includes(key);
