import type { CheckoutEvent, MountedCheckout } from 'secure-checkout';
import { changesBetween, sameValue } from './same-value';

/** A component's mount options, as its latest props have them. */
export type FormProps = Record<string, unknown>;
type Callback = (...args: unknown[]) => unknown;

/** What a running payment keeps: the shopper pays what Pay showed and the bank authenticated. */
const PRICE = ['amount', 'currency'];
/**
 * Callbacks that end a payment when called: always given to the form, as stable forwarders to the
 * latest props' functions, so this side hears the end and a new function is no update.
 */
const ENDINGS = ['onError', 'onCancel'];

/**
 * A failed or abandoned authentication ends a payment with no callback of the form's: the
 * checkout's `onEvent` hears it (src/types.ts, CheckoutEvent).
 */
export const mayEndPayment = (event: CheckoutEvent): boolean =>
  event.type === 'result' || event.type === 'error';

/**
 * A mounted form kept in step with its component's props, for the React and Vue entries alike.
 * Each change of props (compared by value: src/framework/same-value.ts) is one `update()` of what
 * changed, never a remount. Callbacks reach the form as stable forwarders, so a new function at
 * each render is no update. They call the functions of the props whose amount and currency the
 * form has: the latest, except while a new amount is held back, when an `onCharge` that closes
 * over the new cart would charge an amount the shopper did not see and the bank did not
 * authenticate; the props of the amount being paid answer until the new one applies.
 * While a payment runs, the core refuses a new amount or currency (`busy`, src/ui/mount.tsx):
 * every other change is applied at once, and the price once the payment may have ended (a
 * callback settled, onError, onCancel, `paymentMayHaveEnded()`: tried on the next task) or at the
 * next change of props.
 * What update() throws is reported once per change of props and error code: an equal re-render
 * or a retry never reports it again.
 */
export class FormUpdates {
  /** The form, mounted with the options of the first props. */
  readonly mounted: MountedCheckout;
  /** The latest props: the forwarders call their callbacks. */
  private props: FormProps;
  /** What the form was given, as far as this side knows. */
  private applied: FormProps;
  /** The form's options from the latest props. */
  private wanted: FormProps;
  /** The last refusal reported: of these wanted options, with this code. */
  private reported: { wanted: FormProps; code: unknown } | undefined;
  /** The latest props with the amount and currency the form has: their callbacks answer. */
  private priced: FormProps;
  private readonly forwarders = new Map<string, Callback>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  /** `mount` mounts the form with the options it is given; what it throws is the caller's. */
  constructor(
    mount: (options: FormProps) => MountedCheckout,
    props: FormProps,
    private readonly report: (error: unknown) => void,
  ) {
    this.props = props;
    this.priced = props;
    this.wanted = this.optionsOf(props);
    this.applied = this.wanted;
    this.mounted = mount(this.wanted);
  }

  /** The props of a render. Equal to the last ones by value (a re-render): nothing happens. */
  change(props: FormProps): void {
    if (this.stopped) return;
    this.props = props;
    if (PRICE.every((key) => sameValue(props[key], this.applied[key]))) this.priced = props;
    const wanted = this.optionsOf(props);
    if (!changesBetween(this.wanted, wanted)) return;
    this.wanted = wanted;
    this.apply();
  }

  /**
   * A payment may have ended: once the form has taken its outcome (after the microtasks that
   * follow, hence the next task), what is pending is tried again.
   */
  paymentMayHaveEnded(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.apply(), 0);
  }

  /** The form is destroyed: nothing more is tried. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private apply(): void {
    const changes = this.stopped ? null : changesBetween(this.applied, this.wanted);
    if (!changes) return;
    try {
      this.mounted.update(changes);
      this.applied = this.wanted;
      this.priced = this.props;
    } catch (error) {
      this.refused(error);
      if (codeOf(error) === 'busy') this.applyAllButPrice();
    }
  }

  /** The wanted options but the price the form has: what it takes while a payment runs. */
  private applyAllButPrice(): void {
    const held: FormProps = { ...this.wanted };
    for (const key of PRICE) {
      if (Object.hasOwn(this.applied, key)) held[key] = this.applied[key];
      else delete held[key];
    }
    const changes = changesBetween(this.applied, held);
    if (!changes) return;
    try {
      this.mounted.update(changes);
      this.applied = held;
    } catch (error) {
      this.refused(error);
    }
  }

  private refused(error: unknown): void {
    const code = codeOf(error);
    if (this.reported?.wanted === this.wanted && this.reported.code === code) return;
    this.reported = { wanted: this.wanted, code };
    this.report(error);
  }

  /** The form's options from props: undefined left out, each function a forwarder. */
  private optionsOf(props: FormProps): FormProps {
    const options: FormProps = {};
    for (const [key, value] of Object.entries(props)) {
      if (value !== undefined)
        options[key] = typeof value === 'function' ? this.forward(key) : value;
    }
    for (const key of ENDINGS) options[key] = this.forward(key);
    return options;
  }

  /**
   * Calls the priced props' callback of `key`, then has the pending price tried: after onError and
   * onCancel at once, after the others (onCharge, onResume, onPixStatus) once their result settled.
   */
  private forward(key: string): Callback {
    let forwarder = this.forwarders.get(key);
    if (!forwarder) {
      forwarder = (...args) => {
        const callback = this.priced[key];
        const ended = () => this.paymentMayHaveEnded();
        let result: unknown;
        try {
          result = typeof callback === 'function' ? callback(...args) : undefined;
        } finally {
          if (ENDINGS.includes(key)) ended();
          else Promise.resolve(result).then(ended, ended);
        }
        return result;
      };
      this.forwarders.set(key, forwarder);
    }
    return forwarder;
  }
}

/**
 * The code of what update() threw: the core throws CheckoutErrors only (src/ui/mount.tsx), read
 * by their `code` so that this module needs none of the core at run time.
 */
const codeOf = (error: unknown): unknown =>
  error instanceof Error && 'code' in error ? error.code : undefined;
