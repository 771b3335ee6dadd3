/** E-mail texts (ja-JP): the server's only; kept apart so the web never downloads them. */
import type { MailMessages } from './en-US.ts';

export const jaJPMail = {
  codeSubject: '認証コードのお知らせ',
  codeBody: 'お客様の認証コードは {{code}} です。有効期限は{{minutes}}分です。お心当たりがない場合は、このメールを破棄してください。',
  // Member security centre (decision 010).
  newDeviceSubject: 'アカウントへの新しいログイン',
  newDeviceBody:
    'お客様のアカウント {{userName}} に、これまで使われたことのない端末またはアドレスからログインがありました：{{device}}、アドレス {{address}}、日時 {{time}}。お心当たりがない場合は、すぐにパスワードを変更し、「設定 > セキュリティセンター」で他のセッションをログアウトしてください。',
  passwordChangedSubject: 'ログインパスワードが変更されました',
  passwordChangedBody:
    'お客様のアカウント {{userName}} のログインパスワードが {{time}} にアドレス {{address}} から変更されました。お心当たりがない場合は、すぐにパスワードを再設定し、カスタマーサービスにご連絡ください。',
  txPasswordChangedSubject: '取引パスワードが変更されました',
  txPasswordChangedBody:
    'お客様のアカウント {{userName}} の取引パスワードが {{time}} にアドレス {{address}} から変更されました。お心当たりがない場合は、すぐにカスタマーサービスにご連絡ください。',
  twoFactorOffSubject: '2段階ログインがオフになりました',
  twoFactorOffBody:
    'お客様のアカウント {{userName}} の2段階ログイン（認証アプリ）が {{time}} にアドレス {{address}} からオフにされました。お心当たりがない場合は、すぐにパスワードを変更し、カスタマーサービスにご連絡ください。',
  // Bank accounts and withdrawal addresses (decision 015).
  bankAccountChangedSubject: '出金用の銀行口座が変更されました',
  bankAccountChangedBody:
    'お客様のアカウント {{userName}} の銀行口座が {{time}} にアドレス {{address}} から{{action}}されました：{{detail}}。この口座は {{usableFrom}} から出金に使えます。お心当たりがない場合は、すぐにパスワードを変更し、カスタマーサービスにご連絡ください。',
  withdrawalAddressChangedSubject: '出金用のアドレスが変更されました',
  withdrawalAddressChangedBody:
    'お客様のアカウント {{userName}} のウォレットアドレスが {{time}} にアドレス {{address}} から{{action}}されました：{{detail}}。このアドレスは {{usableFrom}} から出金に使えます。お心当たりがない場合は、すぐにパスワードを変更し、カスタマーサービスにご連絡ください。',
  destinationRemovedBody:
    'お客様のアカウント {{userName}} の出金先が {{time}} にアドレス {{address}} から削除されました：{{detail}}。お心当たりがない場合は、すぐにパスワードを変更し、カスタマーサービスにご連絡ください。',
  actionAdded: '追加',
  actionChanged: '変更',
} satisfies MailMessages;
