// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { refusal } from '../../testing/refusal';
import type { MerchantAccount } from '../accounts/principal';
import type { Capability } from '../kernel/db/schema';
import { feesTarget, mustBeOwnSubAccount } from './rules';

const account = (id: string, kind: 'master' | 'sub', capabilities: Capability[] = []) =>
  ({ id, kind, capabilities }) as unknown as MerchantAccount;

describe('feesTarget: whose fees a caller reads', () => {
  it('a sub-account: its own, whatever {id}', () => {
    expect(feesTarget(account('s1', 'sub'), 'anything')).toEqual({ kind: 'own', merchantId: 's1' });
  });

  it('a master without enable_connect: the spec’s 403, before {id} is looked at', () => {
    expect(refusal(() => feesTarget(account('m1', 'master'), 's1'))).toEqual({
      statusCode: 403,
      message: 'enable_connect capability is required',
      error: 'Forbidden',
    });
  });

  it('a master with it: {id}, which must be one of its sub-merchants', () => {
    expect(feesTarget(account('m1', 'master', ['enable_connect']), 's1')).toEqual({
      kind: 'subOf',
      masterId: 'm1',
      subId: 's1',
    });
    expect(refusal(() => mustBeOwnSubAccount(true))).toBeUndefined();
    expect(refusal(() => mustBeOwnSubAccount(false))).toEqual({
      statusCode: 404,
      message: 'sub-account not found',
    });
  });
});
