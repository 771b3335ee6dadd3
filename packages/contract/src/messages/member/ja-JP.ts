/**
 * Server messages (ja-JP) that only signed-in pages need: they load with the member shell
 * (apps/web/src/lib/member-messages.ts), not with the first download; the server merges them
 * with the others (messages/index.ts).
 */
import type { MemberServerMessages } from './en-US.ts';

export const jaJPMember: MemberServerMessages = {
  errors: {
    // Bank accounts and withdrawal addresses (decision 015).
    'bankAccount.notFound': 'この銀行口座はありません',
    'bankAccount.duplicate': 'この銀行口座はすでに登録されています',
    'bankAccount.limitReached': '銀行口座は最大 {{max}} 件までです。先に1件削除してください',
    'bankAccount.coolingOff': 'この銀行口座は {{time}} から出金に使えます',
    'address.notFound': 'このウォレットアドレスはありません',
    'address.duplicate': 'このウォレットアドレスはすでに登録されています',
    'address.limitReached': 'ウォレットアドレスは最大 {{max}} 件までです。先に1件削除してください',
    'address.coolingOff': 'このウォレットアドレスは {{time}} から出金に使えます',
  },
  validation: {
    // Bank accounts and withdrawal addresses (decision 015).
    enterBankName: '銀行名を入力してください',
    enterAccountName: '口座名義を入力してください',
    enterAccountNumber: '口座番号を入力してください',
    accountNumberInvalid: '口座番号は 6〜34 文字の英数字です',
    textTooLong: '入力が長すぎます',
    invalidCharacters: '使用できない文字が含まれています',
    enterWalletAddress: 'ウォレットアドレスを入力してください',
    chooseAddress: 'アドレスを選択してください',
    chooseChain: 'チェーン（TRC20 または BEP20）を選択してください',
    addressWrongChain: 'アドレスは選択した BEP20 または TRC20 のものである必要があります',
    addressChecksum: 'アドレスに誤った文字があります（チェックサムが一致しません）。もう一度コピーしてください',
    addressInvalid: '有効なウォレットアドレスではありません',
  },
};

export default jaJPMember;
