import { describe, expect, it } from 'vitest';
import { amountInput, amountInputOrZero, amountMaxPoints } from './numbers.ts';

const issueOf = (schema: typeof amountInput, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('amounts as typed', () => {
  it('amountInput refuses 0; amountInputOrZero takes it and refuses the rest the same way', () => {
    for (const zero of ['0', '0.0', '000', ' 0.000000 ']) {
      expect(issueOf(amountInput, zero)).toBe('validation.amountPositive');
      expect(amountInputOrZero.parse(zero)).toBe(zero.trim());
    }
    for (const schema of [amountInput, amountInputOrZero]) {
      expect(schema.parse('0.25')).toBe('0.25');
      expect(issueOf(schema, '')).toBe('validation.enterAmount');
      expect(issueOf(schema, '-1')).toBe('validation.enterValidAmount');
      expect(issueOf(schema, '1.0000001')).toBe('validation.enterValidAmount');
      expect(issueOf(schema, 'abc')).toBe('validation.enterValidAmount');
      expect(issueOf(schema, `${amountMaxPoints}1`)).toBe('validation.amountTooLarge');
      expect(issueOf(schema, 5)).toBe('validation.enterAmount');
    }
  });
});
