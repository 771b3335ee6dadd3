// Proves that zod issues become one message key per top-level field.
import { describe, expect, it } from 'vitest';
import { registerRequest } from '@pp/contract';
import { issuesByField } from './form-issues';

describe('issuesByField', () => {
  it('keeps the first issue of each field', () => {
    expect(
      issuesByField([
        { path: ['email'], message: 'validation.enterEmail' },
        { path: ['email'], message: 'validation.invalidEmail' },
        { path: ['password'], message: 'validation.setPassword' },
        { path: [], message: 'ignored' },
      ]),
    ).toEqual({ email: 'validation.enterEmail', password: 'validation.setPassword' });
  });

  it('maps the contract register schema to field keys', () => {
    const result = registerRequest.safeParse({
      userName: 'a b',
      password: 'abc',
      confirmPassword: '',
      transactionPassword: 'Secret123',
      confirmTransactionPassword: 'Secret124',
      countryCode: '',
      email: 'nope',
      emailCode: '12',
      inviteId: '',
      agree: false,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(issuesByField(result.error.issues)).toMatchObject({
      userName: 'validation.noSpaces',
      password: 'validation.passwordRule',
      confirmPassword: 'validation.confirmPassword',
      countryCode: 'validation.selectCountry',
      email: 'validation.invalidEmail',
      emailCode: 'validation.invalidCode',
      inviteId: 'validation.enterInviteId',
      agree: 'validation.agreeTerms',
    });
  });
});
