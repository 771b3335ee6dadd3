// Proves a coded reason of the trail (`code: words`) is read as its code and the words, and nothing else is.
import { describe, expect, it } from 'vitest';
import { splitCodedReason } from './coded-reason';

describe('coded reasons', () => {
  it('splits a known code from the words, with or without words', () => {
    expect(splitCodedReason('destinationInvalid: the address is an exchange', 'review.reject')).toEqual({
      code: 'destinationInvalid',
      text: 'the address is an exchange',
    });
    expect(splitCodedReason('receiptUnreadable: ', 'review.reject')).toEqual({ code: 'receiptUnreadable', text: '' });
    expect(splitCodedReason('suspectedFraud: address flagged', 'payout.reject')).toEqual({ code: 'suspectedFraud', text: 'address flagged' });
    expect(splitCodedReason('other: call us: first')).toEqual({ code: 'other', text: 'call us: first' });
  });
  it('leaves an unknown code, plain words and other actions as written', () => {
    expect(splitCodedReason('note: hello', 'review.reject')).toBeNull();
    expect(splitCodedReason('goodwill', 'review.reject')).toBeNull();
    expect(splitCodedReason('other: a typed reason', 'member.freeze')).toBeNull();
  });
});
