import { runCharge } from '../charge-flow';
import type { PayOutcome } from '../charge-outcome';
import type { MountContext } from '../checkout';
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
) & { customer?: CustomerInput | undefined };

/**
 * Runs one card payment (src/charge-flow.ts) and says how it ended. Caller-run 3DS authenticates
 * here and hands variant A with `threeDS` to onCharge; managed 3DS (saved cards always) hands
 * variant A or B with `browser`, and the engine runs the charge's next action.
 */
export function pay(
  context: MountContext,
  options: MountOptions,
  method: PayMethod,
  signal: AbortSignal,
): Promise<PayOutcome> {
  const { installments } = method;
  const customer = method.customer && { customer: method.customer };
  const payload = async (): Promise<ChargePayload | PayOutcome> => {
    if ('card' in method && options.threeDS !== 'managed') {
      const { cvv, ...card } = method.card;
      const authentication = await context.checkout.authenticate(
        { amount: options.amount, currency: options.currency, card },
        { signal },
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
    continueAuthentication: context.continueAuthentication,
  });
}
