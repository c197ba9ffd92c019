import { CHALLENGE_IN, type FlowOptions } from '../challenge-container';
import { runCharge } from '../charge-flow';
import { errorOutcome, finalOutcome, type PayOutcome } from '../charge-outcome';
import type { MountContext } from '../checkout';
import type { PixModule, PixStepEnd } from '../pix/pix-module';
import type { Card, ChargePayload, CustomerInput, MountOptions } from '../types';

export interface NewCard {
  number: string;
  holderName: string;
  expirationMonth: string;
  expirationYear: string;
  cvv: string;
}

type PayMethod = (
  | { card: NewCard; installments: number }
  | { saved: Card; cvv: string; installments: number }
  /** Shows a pending charge's PIX code with the loaded module, and says how that ended. */
  | { pix(module: PixModule, charge: unknown): Promise<PixStepEnd> }
) & { customer?: CustomerInput | undefined };

/**
 * Runs one payment (src/charge-flow.ts) and says how it ended. Caller-run 3DS authenticates
 * here and hands variant A with `threeDS` to onCharge; managed 3DS (saved cards always) hands
 * variant A or B with `browser`, and the engine runs the charge's next action. PIX loads its
 * step's module first (no charge is created that the shopper could not see), hands `{ type:
 * 'pix' }`, and shows the pending charge's code until it is paid, or expires and the shopper
 * asks for another: onCharge again. A card payment's 3DS, either way, shows its challenge in
 * the mount's `challengeContainer` (else createCheckout's, else the modal).
 */
export function pay(
  context: MountContext,
  options: MountOptions,
  method: PayMethod,
  signal: AbortSignal,
): Promise<PayOutcome> {
  const customer = method.customer && { customer: method.customer };
  let pix: PixModule;
  let flow: FlowOptions;
  const payload = async (): Promise<ChargePayload | PayOutcome> => {
    if ('pix' in method) {
      pix = await context.loadPix(signal);
      return { paymentMethod: { type: 'pix' }, ...customer };
    }
    // Found and measured now, before any request: a managed charge's challenge comes after
    // onCharge, too late to learn that it has nowhere to show.
    flow = { signal, [CHALLENGE_IN]: context.challengeIn(options.challengeContainer) };
    const { installments } = method;
    if ('card' in method && options.threeDS !== 'managed') {
      const { cvv, ...card } = method.card;
      const authentication = await context.checkout.authenticate(
        { amount: options.amount, currency: options.currency, card },
        flow,
      );
      const { status } = authentication;
      if (status !== 'succeeded') return { kind: 'declined', message: status };
      return {
        paymentMethod: {
          type: 'credit_card',
          ...method.card,
          installments,
          ...(authentication.threeDS && { threeDS: authentication.threeDS }),
        },
        authentication,
        ...customer,
      };
    }
    return {
      paymentMethod: {
        type: 'credit_card',
        ...('card' in method ? method.card : { cardTokenId: method.saved.id, cvv: method.cvv }),
        installments,
        threeDSMode: 'managed',
        browser: context.browserInfo(),
      },
      ...customer,
    };
  };
  return runCharge(options, payload, signal, {
    continueAuthentication: (nextAction) => context.continueAuthentication(nextAction, flow),
    pending:
      'pix' in method
        ? async (charge) => {
            const end = await method.pix(pix, charge);
            // `ended`: destroy() ended the payment, which runCharge stops.
            return end.kind === 'charge'
              ? finalOutcome(end.charge)
              : end.kind === 'invalid'
                ? errorOutcome('configuration', end.message)
                : 'new_code';
          }
        : undefined,
  });
}
