import type { AuthenticateRequest, ChallengeResult, ChallengeState } from '../types';

/** A valid request: Luhn-valid number, expiry far in the future. */
export const validRequest = (): AuthenticateRequest => ({
  amount: 120.5,
  currency: 'BRL',
  card: {
    number: '4111 1111 1111 1111',
    expirationMonth: '12',
    expirationYear: '2099',
    holderName: 'Ana Souza',
  },
});

export const challengeResult = (state: ChallengeState = 'success'): ChallengeResult => ({
  type: '3ds',
  state,
  cryptogram: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
  directoryServerTransactionId: 'ds-1',
  threeDsServerTransactionId: 'tds-1',
  acsTransactionId: 'acs-1',
  eci: '05',
  version: '2.2.0',
});
