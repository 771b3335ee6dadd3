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
    // Withdrawals and payouts (decision 019).
    'withdrawal.typeUnknown': 'この出金方法は利用できません。別の方法を選択してください',
    'withdrawal.notFound': '該当する出金がありません',
    'withdrawal.wrongState': 'この出金の状態はすでに変わっています。更新して確認してください',
    'withdrawal.tooManyPending': '処理待ちの出金がすでに {{max}} 件あります。完了までお待ちください',
    'payout.hotWalletOff': 'このチェーンにはホットウォレットが設定されていません',
    'payout.overLimit': 'この支払いはホットウォレットの上限（{{limit}}）を超えています。手動で支払ってください',
    'payout.notEligible': 'この注文はホットウォレットで支払えません。手動で支払ってください',
    'payout.txNotFound': 'このトランザクションはチェーン上に見つかりません',
    'payout.txFailed': 'このトランザクションはチェーン上で失敗しました',
    'payout.txMismatch': 'このトランザクションは注文と一致しません（トークン、受取先または金額が異なります）',
    'payout.txUnconfirmed': 'このトランザクションの承認数は {{have}}/{{need}} です。しばらくしてから再試行してください',
    'payout.txUsed': 'このトランザクションはすでに別の注文の支払いに使われています',
    'payout.txTooOld': 'このトランザクションは出金申請より前のもののため、その支払いにはなりません',
    'payout.chainUnavailable': 'チェーンのノードに接続できません。後でもう一度お試しください',
    'payout.chainNotConfigured': 'このネットワークにはチェーンのノードが設定されていません。先に RPC アドレスを設定してください',
    // Packages (decision 020).
    'package.saleClosed': 'このパッケージは現在販売されていません',
    'package.notFound': 'パッケージが見つかりません',
    'package.memberLimit': '購入上限を超えています：あと {{remaining}} 口まで購入できます',
    'package.totalLimit': '購入上限を超えています：残り {{remaining}} 口です',
    'package.insufficientBalance': '残高が不足しています',
    'package.grade': '現在のグレードではこのパッケージを購入できません',
    'package.notInvited': 'このパッケージは招待された会員のみ購入できます',
    'package.experienceUsed': '体験パッケージはすでに利用済みです',
    'package.paymentMix': '{{coin}} で支払えるのはこのパッケージの {{percent}}% までです',
    'package.paymentTotal': '支払額の合計は {{total}} にしてください',
    'package.holdingNotFound': '保有が見つかりません',
    'package.wrongState': '現在の保有状態ではこの操作はできません',
    'package.notUpgrade': 'アップグレードには価格の高いパッケージを選んでください',
    'package.recipientNotFound': 'このユーザー名の会員はいません',
    'package.toSelf': '自分自身に保有を譲渡することはできません',
    'package.codeInvalid': 'アクティベーションコードまたはユーザー名が正しくありません',
    'package.codeUsed': 'このアクティベーションコードはすでに使用されています',
    'package.notClaimable': 'この保有は請求できません',
    'package.claimPending': 'この保有の請求はすでに審査待ちです',
    'package.productInvalid': 'パッケージの条件が矛盾しています：{{detail}}',
    // Scarce goods (decision 025).
    'scarce.tooEarly': 'セールはまだ始まっていません。カウントダウンをお待ちください',
    'scarce.tooLate': 'セールは終了しました',
    'scarce.soldOut': '売り切れ：このセールの商品はすべて売れました',
    'scarce.memberLimit': '1人あたりの購入上限に達しています',
    'scarce.notEligible': 'このセールの参加条件を満たしていません',
    'scarce.permitInvalid': '購入許可がない、使用済み、または期限切れです。取引パスワードで再度確認してください',
    'scarce.notFound': 'このセールは存在しません',
    'scarce.insufficientBalance': '残高が不足しているため購入できません',
    'scarce.saleInvalid': 'セールの設定が無効です：{{detail}}',
    'scarce.codeNotYours': 'この購入コードはあなたのものではありません',
    'scarce.alreadyEnded': 'このセールはすでに終了しています',
    'scarce.endBeforeStart': '終了日時は開始日時より後にしてください',
    'scarce.windowTooLong': 'セールの期間は最長 30 日です',
    'scarce.limitOverTotal': '1 人あたりの上限は総数を超えられません',
    'equity.maxOverIssued': '1 人あたりの上限は発行総数を超えられません',
    'equity.issuedBelowSold': '発行総数は販売済みの {{sold}} 株を下回れません',
    'equity.notOpen': '株式は現在販売されていません',
    'equity.overLimit': '保有できる株式は最大 {{max}} 株です。あと {{left}} 株購入できます',
    'equity.soldOut': '発行済みの株式はすべて売れました',
    'equity.insufficientBalance': '残高が不足しているため株式を購入できません',
    'config.staleVersion': 'その間に他の人が保存しました。再読み込みしてやり直してください',
    // Community (decision 021).
    'community.notInDownline': 'そのメンバーはあなたのコミュニティにいません',
    'plan.invalid': '報酬プランに矛盾があります。エディターが示す値を直してから保存してください',
    'plan.effectivePast': '発効日時が過去です。現在以降の日時を選んでください',
    'plan.periodOpen': 'この期間はまだ終わっていません。終了後に支払えます',
    // Content and notifications (decision 023).
    'content.notFound': '該当する項目がないか、すでに表示されていません',
    'content.invalid': 'この内容は保存できません。フォームが示す値を直してから保存してください',
    'content.expiryBeforePublish': '終了日時は公開日時より後にしてください',
    'content.bannersFull': 'バナーはすでに {{max}} 件あります。追加する前に 1 件削除してください',
    'content.bodyEmpty': '安全でないマークアップを除くと本文が空になります。本文そのものを入力してください',
    'content.imageOnly': 'ここでは画像（JPEG、PNG、WebP）のみ使用できます',
    'notification.notFound': '該当する通知がありません',
    // Live support chat (decision 024).
    'support.notFound': '会話が見つかりません',
    'support.notImage': 'チャットで送信できるのは JPEG、PNG、WebP 画像のみです',
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
    // Withdrawals and payouts (decision 019).
    chooseWithdrawalType: '出金方法を選択してください',
    chooseBankAccount: '銀行口座を選択してください',
    enterTxHash: 'トランザクションハッシュ（16進数64文字）を入力してください',
    enterBankReference: '銀行の取引番号を入力してください',
    // Packages (decision 020).
    quantityPositive: '数量は0より大きくしてください',
    purchaseLimitExceeded: '購入上限を超えています',
    enterActivationCode: 'アクティベーションコードを入力してください',
    // Community (decision 021).
    searchTooLong: '検索は64文字以内で入力してください',
    // Content (decision 023).
    enterTitle: 'タイトルを入力してください',
    enterBody: '本文を入力してください',
    linkUnsafe: 'リンクは https://、http:// または / で始めてください',
    // Live support chat (decision 024).
    messageTooLong: 'メッセージは 2000 文字以内で入力してください',
    enterMessage: 'メッセージを入力するか画像を添付してください',
  },
};

export default jaJPMember;
