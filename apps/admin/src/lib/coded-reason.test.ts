// Proves a rejection's reason in the trail is read from its typed form, or from the coded text (`code: words`) of older entries, and nothing else is.
import { describe, expect, it } from 'vitest';
import { auditRejectReason, splitCodedReason } from './coded-reason';

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
  it('reads the typed reason of a newer entry, whatever its words say', () => {
    const typed = { code: 'receiptUnreadable', note: 'other: blurred' };
    expect(auditRejectReason({ action: 'review.reject', reason: 'other: blurred', after: { status: 'rejected', rejectReason: typed } })).toEqual({
      code: 'receiptUnreadable',
      text: 'other: blurred',
    });
    expect(auditRejectReason({ action: 'payout.reject', reason: '', after: { status: 'rejected', rejectReason: { code: 'nameMismatch', note: '' } } })).toEqual(
      {
        code: 'nameMismatch',
        text: '',
      },
    );
  });
  it('falls back to the coded text of an older entry, and to nothing for a reason that is neither', () => {
    expect(auditRejectReason({ action: 'review.reject', reason: 'duplicate: twice', after: { status: 'rejected' } })).toEqual({
      code: 'duplicate',
      text: 'twice',
    });
    expect(auditRejectReason({ action: 'review.reject', reason: 'x', after: { status: 'rejected', rejectReason: { code: 'FOO_BAR', note: 'x' } } })).toBeNull();
    expect(auditRejectReason({ action: 'member.freeze', reason: 'goodwill', after: null })).toBeNull();
  });
});
