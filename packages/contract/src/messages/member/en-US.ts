/**
 * Server messages (en-US) that only signed-in pages need: they load with the member shell
 * (apps/web/src/lib/member-messages.ts), not with the first download; the server merges them
 * with the others (messages/index.ts).
 */
export const enUSMember = {
  errors: {
    // Bank accounts and withdrawal addresses (decision 015).
    'bankAccount.notFound': 'No such bank account',
    'bankAccount.duplicate': 'This bank account is already in your list',
    'bankAccount.limitReached': 'You can keep at most {{max}} bank accounts; delete one first',
    'bankAccount.coolingOff': 'This bank account can be used for withdrawals from {{time}}',
    'address.notFound': 'No such wallet address',
    'address.duplicate': 'This wallet address is already in your list',
    'address.limitReached': 'You can keep at most {{max}} wallet addresses; delete one first',
    'address.coolingOff': 'This wallet address can be used for withdrawals from {{time}}',
    // Withdrawals and payouts (decision 019).
    'withdrawal.typeUnknown': 'This withdrawal type is not available; choose another',
    'withdrawal.notFound': 'No such withdrawal',
    'withdrawal.wrongState': 'This withdrawal has already moved on; refresh to see its status',
    'withdrawal.tooManyPending': 'You already have {{max}} withdrawals waiting; wait until one is done',
    'payout.hotWalletOff': 'No hot wallet is configured for this chain',
    'payout.overLimit': 'This payout is over the hot wallet limit ({{limit}}); pay it manually',
    'payout.notEligible': 'The hot wallet cannot pay this order; pay it manually',
    'payout.txNotFound': 'This transaction was not found on the chain',
    'payout.txFailed': 'This transaction failed on the chain',
    'payout.txMismatch': 'This transaction does not pay the order: token, recipient or amount differ',
    'payout.txUnconfirmed': 'This transaction has {{have}} of {{need}} confirmations; try again shortly',
    'payout.txUsed': 'This transaction already paid another order',
    'payout.txTooOld': 'This transaction is older than the withdrawal request, so it cannot be its payment',
    'payout.chainUnavailable': 'The chain node cannot be reached; try again later',
    'payout.chainNotConfigured': 'No chain node is configured for this network: set its RPC address first',
    // Packages (decision 020).
    'package.saleClosed': 'This package is not on sale now',
    'package.notFound': 'No such package',
    'package.memberLimit': 'Purchase limit exceeded: you can buy {{remaining}} more of this package',
    'package.totalLimit': 'Purchase limit exceeded: only {{remaining}} of this package are left',
    'package.insufficientBalance': 'Insufficient balance',
    'package.grade': 'Your grade cannot buy this package yet',
    'package.notInvited': 'This package is by invitation only',
    'package.experienceUsed': 'You have already used your experience package',
    'package.paymentMix': '{{coin}} can pay at most {{percent}}% of this package',
    'package.paymentTotal': 'The payments must add up to {{total}}',
    'package.holdingNotFound': 'No such holding',
    'package.wrongState': "This cannot be done in the holding's current state",
    'package.notUpgrade': 'Choose a package with a higher price to upgrade',
    'package.recipientNotFound': 'No member with this username',
    'package.toSelf': 'You cannot transfer a holding to yourself',
    'package.codeInvalid': 'This activation code or username is not valid',
    'package.codeUsed': 'This activation code was already activated',
    'package.notClaimable': 'This holding cannot be claimed',
    'package.claimPending': 'A claim for this holding is already waiting for review',
    'package.productInvalid': 'The package terms are not consistent: {{detail}}',
    // Scarce goods (decision 025).
    'scarce.tooEarly': 'The sale has not started yet; wait for the countdown',
    'scarce.tooLate': 'The sale is over',
    'scarce.soldOut': 'Sold out: every item of this sale is taken',
    'scarce.memberLimit': 'You already bought as many as one member may',
    'scarce.notEligible': 'You are not eligible for this sale',
    'scarce.permitInvalid': 'Your purchase permit is missing, used or expired; confirm with your transaction password again',
    'scarce.notFound': 'This sale does not exist',
    'scarce.insufficientBalance': 'Your balance is not enough for this purchase',
    'scarce.saleInvalid': 'The sale settings are not valid: {{detail}}',
    'scarce.codeNotYours': 'This purchase code is not one of yours',
    'scarce.alreadyEnded': 'This sale has already ended',
    'scarce.endBeforeStart': 'The end must come after the start',
    'scarce.windowTooLong': 'A sale lasts at most 30 days',
    'scarce.limitOverTotal': 'The per-member limit cannot be above the total',
    'equity.maxOverIssued': 'The maximum per member cannot be above the total issued',
    'equity.issuedBelowSold': 'The total issued cannot be below the {{sold}} shares already sold',
    'equity.notOpen': 'Shares are not on sale now',
    'equity.overLimit': 'You can hold at most {{max}} shares; you can buy {{left}} more',
    'equity.soldOut': 'All issued shares are sold',
    'equity.insufficientBalance': 'Your balance is not enough for these shares',
    'config.staleVersion': 'Someone saved this in the meantime; reload and try again',
    // Community (decision 021).
    'community.notInDownline': 'That member is not in your community',
    'plan.invalid': 'The plan is not consistent; check the values the editor shows and save again',
    'plan.effectivePast': 'The effective time is in the past; choose now or later',
    'plan.periodOpen': 'This period is not over yet; it can be paid once it has ended',
    // Content and notifications (decision 023).
    'content.notFound': 'No such item, or it is no longer shown',
    'content.invalid': 'This content cannot be saved; check the values the form shows and save again',
    'content.expiryBeforePublish': '"Expires at" must come after "Publish at"',
    'content.bannersFull': 'There are already {{max}} banners; delete one before you add another',
    'content.bodyEmpty': 'This text is empty once scripts and other content that is not allowed are removed',
    'content.imageOnly': 'Only an image (JPEG, PNG or WebP) can be used here',
    'notification.notFound': 'No such notification',
    // Live support chat (decision 024).
    'support.notFound': 'No such conversation',
    'support.notImage': 'Only JPEG, PNG or WebP images can be sent in the chat',
  },
  validation: {
    // Bank accounts and withdrawal addresses (decision 015).
    enterBankName: 'Please enter the bank name',
    enterAccountName: 'Please enter the bank account name',
    enterAccountNumber: 'Please enter the bank account number',
    accountNumberInvalid: 'The account number has 6 to 34 letters or digits',
    textTooLong: 'This text is too long',
    invalidCharacters: 'This text contains characters that are not allowed',
    enterWalletAddress: 'Please enter the wallet address',
    chooseAddress: 'Please choose an address',
    chooseChain: 'Please choose a chain (TRC20 or BEP20)',
    addressWrongChain: 'The address must be BEP20 or TRC20 as selected',
    addressChecksum: 'This address has a wrong character (its checksum does not match); copy it again',
    addressInvalid: 'This is not a valid wallet address',
    // Withdrawals and payouts (decision 019).
    chooseWithdrawalType: 'Please choose a withdrawal type',
    chooseBankAccount: 'Please choose a bank account',
    enterTxHash: 'Enter the transaction hash (64 hexadecimal characters)',
    enterBankReference: 'Enter the bank reference',
    // Packages (decision 020).
    quantityPositive: 'Quantity must be greater than 0',
    purchaseLimitExceeded: 'Purchase limit exceeded',
    enterActivationCode: 'Please enter the activation code',
    // Community (decision 021).
    searchTooLong: 'Search with at most 64 characters',
    // Content (decision 023).
    enterTitle: 'Please enter a title',
    enterBody: 'Please enter the text',
    linkUnsafe: 'Links must start with https://, http:// or /',
    // Live support chat (decision 024).
    messageTooLong: 'A message may have at most 2000 characters',
    enterMessage: 'Please write a message or attach an image',
  },
};
export type MemberServerMessages = typeof enUSMember;

export default enUSMember;
