/** E-mail texts (en-US): the server's only; kept apart so the web never downloads them. */
export const enUSMail = {
  codeSubject: 'Your verification code',
  codeBody: 'Your verification code is {{code}}. It is valid for {{minutes}} minutes. If you did not ask for it, ignore this e-mail.',
  // Member security centre (decision 010).
  newDeviceSubject: 'New sign-in to your account',
  newDeviceBody:
    'Your account {{userName}} was signed in from a device or address not seen before: {{device}}, address {{address}}, at {{time}}. If this was not you, change your password now and sign out the other sessions in Settings > Security centre.',
  passwordChangedSubject: 'Your login password was changed',
  passwordChangedBody:
    'The login password of your account {{userName}} was changed at {{time}} from address {{address}}. If this was not you, reset your password now and contact customer service.',
  txPasswordChangedSubject: 'Your transaction password was changed',
  txPasswordChangedBody:
    'The transaction password of your account {{userName}} was changed at {{time}} from address {{address}}. If this was not you, contact customer service now.',
  twoFactorOffSubject: 'Two-step login was turned off',
  twoFactorOffBody:
    'Two-step login (authenticator) of your account {{userName}} was turned off at {{time}} from address {{address}}. If this was not you, change your password now and contact customer service.',
  // Bank accounts and withdrawal addresses (decision 015).
  bankAccountChangedSubject: 'Your withdrawal bank accounts changed',
  bankAccountChangedBody:
    'A bank account of your account {{userName}} was {{action}} at {{time}} from address {{address}}: {{detail}}. It can be used for withdrawals from {{usableFrom}}. If this was not you, change your passwords now and contact customer service.',
  withdrawalAddressChangedSubject: 'Your withdrawal addresses changed',
  withdrawalAddressChangedBody:
    'A wallet address of your account {{userName}} was {{action}} at {{time}} from address {{address}}: {{detail}}. It can be used for withdrawals from {{usableFrom}}. If this was not you, change your passwords now and contact customer service.',
  destinationRemovedBody:
    'A withdrawal destination of your account {{userName}} was removed at {{time}} from address {{address}}: {{detail}}. If this was not you, change your passwords now and contact customer service.',
  actionAdded: 'added',
  actionChanged: 'changed',
};

export type MailMessages = typeof enUSMail;
