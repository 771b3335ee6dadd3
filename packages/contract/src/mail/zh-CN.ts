/** E-mail texts (zh-CN): the server's only; kept apart so the web never downloads them. */
import type { MailMessages } from './en-US.ts';

export const zhCNMail = {
  codeSubject: '您的验证码',
  codeBody: '您的验证码是 {{code}}，{{minutes}} 分钟内有效。如非本人操作，请忽略此邮件。',
  // Member security centre (decision 010).
  newDeviceSubject: '您的账户有新的登录',
  newDeviceBody:
    '您的账户 {{userName}} 于 {{time}} 在一个从未使用过的设备或地址登录：{{device}}，地址 {{address}}。如非本人操作，请立即修改密码，并在“设置 > 安全中心”中退出其他会话。',
  passwordChangedSubject: '您的登录密码已修改',
  passwordChangedBody: '您的账户 {{userName}} 的登录密码已于 {{time}} 从地址 {{address}} 修改。如非本人操作，请立即重置密码并联系客服。',
  txPasswordChangedSubject: '您的交易密码已修改',
  txPasswordChangedBody: '您的账户 {{userName}} 的交易密码已于 {{time}} 从地址 {{address}} 修改。如非本人操作，请立即联系客服。',
  twoFactorOffSubject: '两步登录已关闭',
  twoFactorOffBody: '您的账户 {{userName}} 的两步登录（身份验证器）已于 {{time}} 从地址 {{address}} 关闭。如非本人操作，请立即修改密码并联系客服。',
  // Bank accounts and withdrawal addresses (decision 015).
  bankAccountChangedSubject: '您的提现银行账户已变更',
  bankAccountChangedBody:
    '您的账户 {{userName}} 的银行账户已于 {{time}} 从地址 {{address}} {{action}}：{{detail}}。该账户自 {{usableFrom}} 起可用于提现。如非本人操作，请立即修改密码并联系客服。',
  withdrawalAddressChangedSubject: '您的提现地址已变更',
  withdrawalAddressChangedBody:
    '您的账户 {{userName}} 的钱包地址已于 {{time}} 从地址 {{address}} {{action}}：{{detail}}。该地址自 {{usableFrom}} 起可用于提现。如非本人操作，请立即修改密码并联系客服。',
  destinationRemovedBody: '您的账户 {{userName}} 的一个提现目的地已于 {{time}} 从地址 {{address}} 删除：{{detail}}。如非本人操作，请立即修改密码并联系客服。',
  actionAdded: '添加',
  actionChanged: '修改',
} satisfies MailMessages;
