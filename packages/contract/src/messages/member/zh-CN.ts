/**
 * Server messages (zh-CN) that only signed-in pages need: they load with the member shell
 * (apps/web/src/lib/member-messages.ts), not with the first download; the server merges them
 * with the others (messages/index.ts).
 */
import type { MemberServerMessages } from './en-US.ts';

export const zhCNMember: MemberServerMessages = {
  errors: {
    // Bank accounts and withdrawal addresses (decision 015).
    'bankAccount.notFound': '没有这个银行账户',
    'bankAccount.duplicate': '该银行账户已在您的列表中',
    'bankAccount.limitReached': '最多只能保存 {{max}} 个银行账户，请先删除一个',
    'bankAccount.coolingOff': '该银行账户自 {{time}} 起才能用于提现',
    'address.notFound': '没有这个钱包地址',
    'address.duplicate': '该钱包地址已在您的列表中',
    'address.limitReached': '最多只能保存 {{max}} 个钱包地址，请先删除一个',
    'address.coolingOff': '该钱包地址自 {{time}} 起才能用于提现',
  },
  validation: {
    // Bank accounts and withdrawal addresses (decision 015).
    enterBankName: '请输入银行名称',
    enterAccountName: '请输入银行账户名',
    enterAccountNumber: '请输入银行账号',
    accountNumberInvalid: '银行账号为 6 到 34 位字母或数字',
    textTooLong: '内容过长',
    invalidCharacters: '内容包含不允许的字符',
    enterWalletAddress: '请输入钱包地址',
    chooseAddress: '请选择地址',
    chooseChain: '请选择链类型（TRC20 或 BEP20）',
    addressWrongChain: '地址必须与所选的 BEP20 或 TRC20 一致',
    addressChecksum: '地址中有字符错误（校验和不符），请重新复制',
    addressInvalid: '这不是有效的钱包地址',
  },
};

export default zhCNMember;
