// Proves the decide dialog offers only the reason codes of the selected items' queue.
import { describe, expect, it } from 'vitest';
import { offeredRejectCodes } from './reject-reasons';

describe('offered reject reason codes', () => {
  it('offers a withdrawal its own reasons and none of a deposit', () => {
    const codes = offeredRejectCodes([{ queue: 'withdrawal' }, { queue: 'withdrawal' }]);
    expect(codes).toEqual(['destinationInvalid', 'nameMismatch', 'complianceCheck', 'suspectedFraud', 'duplicate', 'other']);
    expect(codes).not.toContain('receiptUnreadable');
  });
  it('offers bank and chain deposits the deposit reasons', () => {
    expect(offeredRejectCodes([{ queue: 'bankDeposit' }])).toEqual([
      'notReceived',
      'receiptUnreadable',
      'amountMismatch',
      'duplicate',
      'suspectedFraud',
      'other',
    ]);
    expect(offeredRejectCodes([{ queue: 'chainDeposit' }, { queue: 'bankDeposit' }])).toContain('amountMismatch');
  });
  it('offers any other queue only the reasons every item shares', () => {
    expect(offeredRejectCodes([{ queue: 'exchange' }])).toEqual(['suspectedFraud', 'duplicate', 'other']);
    expect(offeredRejectCodes([{ queue: 'manualAdjustment' }])).toEqual(['suspectedFraud', 'duplicate', 'other']);
  });
  it('offers a batch that mixes queues only the codes common to all', () => {
    expect(offeredRejectCodes([{ queue: 'bankDeposit' }, { queue: 'withdrawal' }])).toEqual(['duplicate', 'suspectedFraud', 'other']);
    expect(offeredRejectCodes([])).toEqual([]);
  });
});
