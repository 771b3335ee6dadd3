/**
 * Server messages (ko-KP) that only signed-in pages need: they load with the member shell
 * (apps/web/src/lib/member-messages.ts), not with the first download; the server merges them
 * with the others (messages/index.ts).
 */
import type { MemberServerMessages } from './en-US.ts';

export const koKPMember: MemberServerMessages = {
  errors: {
    // Bank accounts and withdrawal addresses (decision 015).
    'bankAccount.notFound': '이 은행 계좌가 없습니다',
    'bankAccount.duplicate': '이 은행 계좌는 이미 목록에 있습니다',
    'bankAccount.limitReached': '은행 계좌는 최대 {{max}}개까지 보관할 수 있습니다. 먼저 하나를 삭제하십시오',
    'bankAccount.coolingOff': '이 은행 계좌는 {{time}}부터 출금에 사용할 수 있습니다',
    'address.notFound': '이 지갑 주소가 없습니다',
    'address.duplicate': '이 지갑 주소는 이미 목록에 있습니다',
    'address.limitReached': '지갑 주소는 최대 {{max}}개까지 보관할 수 있습니다. 먼저 하나를 삭제하십시오',
    'address.coolingOff': '이 지갑 주소는 {{time}}부터 출금에 사용할 수 있습니다',
    // Withdrawals and payouts (decision 019).
    'withdrawal.typeUnknown': '이 출금 유형은 사용할 수 없습니다. 다른 유형을 선택하십시오',
    'withdrawal.notFound': '해당 출금이 없습니다',
    'withdrawal.wrongState': '이 출금의 상태가 이미 바뀌었습니다. 새로 고침하여 확인하십시오',
    'withdrawal.tooManyPending': '대기 중인 출금이 이미 {{max}}건 있습니다. 완료될 때까지 기다려 주십시오',
    'payout.hotWalletOff': '이 체인에는 핫월렛이 설정되어 있지 않습니다',
    'payout.overLimit': '이 지급은 핫월렛 한도({{limit}})를 넘습니다. 수동으로 지급하십시오',
    'payout.notEligible': '핫월렛으로 이 주문을 지급할 수 없습니다. 수동으로 지급하십시오',
    'payout.txNotFound': '체인에서 이 거래를 찾을 수 없습니다',
    'payout.txFailed': '이 거래는 체인에서 실패했습니다',
    'payout.txMismatch': '이 거래는 주문과 맞지 않습니다: 토큰, 수취인 또는 금액이 다릅니다',
    'payout.txUnconfirmed': '이 거래의 확인 수는 {{have}}/{{need}}입니다. 잠시 후 다시 시도하십시오',
    'payout.txUsed': '이 거래는 이미 다른 주문을 지급했습니다',
    'payout.txTooOld': '이 거래는 출금 신청보다 이전의 것이므로 그 지급이 될 수 없습니다',
    'payout.chainUnavailable': '체인 노드에 연결할 수 없습니다. 나중에 다시 시도하십시오',
    'payout.chainNotConfigured': '이 네트워크에는 체인 노드가 설정되어 있지 않습니다. 먼저 RPC 주소를 설정하십시오',
    // Packages (decision 020).
    'package.saleClosed': '이 패키지는 현재 판매하지 않습니다',
    'package.notFound': '패키지를 찾을 수 없습니다',
    'package.memberLimit': '구매 한도를 초과했습니다: {{remaining}}개 더 구매할 수 있습니다',
    'package.totalLimit': '구매 한도를 초과했습니다: {{remaining}}개만 남았습니다',
    'package.insufficientBalance': '잔액이 부족합니다',
    'package.grade': '현재 등급으로는 이 패키지를 구매할 수 없습니다',
    'package.notInvited': '이 패키지는 초대받은 회원만 구매할 수 있습니다',
    'package.experienceUsed': '체험 패키지를 이미 사용했습니다',
    'package.paymentMix': '{{coin}}(으)로는 이 패키지의 최대 {{percent}}%까지 결제할 수 있습니다',
    'package.paymentTotal': '결제 금액의 합계는 {{total}}이어야 합니다',
    'package.holdingNotFound': '보유 내역을 찾을 수 없습니다',
    'package.wrongState': '현재 보유 상태에서는 이 작업을 할 수 없습니다',
    'package.notUpgrade': '업그레이드하려면 가격이 더 높은 패키지를 선택하세요',
    'package.recipientNotFound': '이 사용자 이름의 회원이 없습니다',
    'package.toSelf': '자신에게 보유를 양도할 수 없습니다',
    'package.codeInvalid': '활성화 코드 또는 사용자 이름이 올바르지 않습니다',
    'package.codeUsed': '이 활성화 코드는 이미 사용되었습니다',
    'package.notClaimable': '이 보유는 청구할 수 없습니다',
    'package.claimPending': '이 보유에 대한 청구가 이미 심사 대기 중입니다',
    'package.productInvalid': '패키지 조건이 일치하지 않습니다: {{detail}}',
    // Scarce goods (decision 025).
    'scarce.tooEarly': '판매가 아직 시작되지 않았습니다. 카운트다운을 기다리십시오',
    'scarce.tooLate': '판매가 끝났습니다',
    'scarce.soldOut': '매진: 이번 판매의 상품이 모두 팔렸습니다',
    'scarce.memberLimit': '1인당 구매 한도에 이미 도달했습니다',
    'scarce.notEligible': '이번 판매에 참여할 자격이 없습니다',
    'scarce.permitInvalid': '구매 허가가 없거나 사용되었거나 만료되었습니다. 거래 비밀번호로 다시 확인하십시오',
    'scarce.notFound': '이 판매는 존재하지 않습니다',
    'scarce.insufficientBalance': '잔액이 부족하여 구매할 수 없습니다',
    'scarce.saleInvalid': '판매 설정이 올바르지 않습니다: {{detail}}',
    'scarce.codeNotYours': '이 구매 코드는 귀하의 것이 아닙니다',
    'scarce.alreadyEnded': '이 판매는 이미 끝났습니다',
    'scarce.endBeforeStart': '종료 시각은 시작 시각보다 뒤여야 합니다',
    'scarce.windowTooLong': '판매 기간은 최대 30일입니다',
    'scarce.limitOverTotal': '1인 한도는 총수량보다 클 수 없습니다',
    'equity.maxOverIssued': '1인 최대 보유량은 총 발행량보다 클 수 없습니다',
    'equity.issuedBelowSold': '총 발행량은 이미 판매된 {{sold}}주보다 적을 수 없습니다',
    'equity.notOpen': '지분은 현재 판매되지 않습니다',
    'equity.overLimit': '1인당 최대 {{max}}주까지 보유할 수 있으며 {{left}}주 더 구매할 수 있습니다',
    'equity.soldOut': '발행된 지분이 모두 팔렸습니다',
    'equity.insufficientBalance': '잔액이 부족하여 지분을 구매할 수 없습니다',
    'config.staleVersion': '그 사이에 다른 사람이 저장했습니다. 다시 불러온 뒤 다시 시도하십시오',
    // Community (decision 021).
    'community.notInDownline': '그 회원은 당신의 공동체에 없습니다',
    'plan.invalid': '보상 계획이 일치하지 않습니다. 편집기가 표시하는 값을 고친 뒤 다시 저장하십시오',
    'plan.effectivePast': '효력 시간이 지났습니다. 지금 또는 그 이후의 시간을 고르십시오',
    'plan.periodOpen': '이 기간은 아직 끝나지 않았습니다. 끝난 뒤에 지급할수 있습니다',
    // Content and notifications (decision 023).
    'content.notFound': '해당 항목이 없거나 더 이상 표시되지 않습니다',
    'content.invalid': '이 내용을 저장할 수 없습니다. 양식이 표시하는 값을 고친 뒤 다시 저장하십시오',
    'content.expiryBeforePublish': '만료 시각은 게시 시각보다 뒤여야 합니다',
    'content.bannersFull': '배너가 이미 {{max}}개 있습니다. 하나를 삭제한 뒤 추가하십시오',
    'content.bodyEmpty': '안전하지 않은 마크업을 없애면 본문이 비어 있습니다. 본문 자체를 입력하십시오',
    'content.imageOnly': '여기에는 이미지(JPEG, PNG, WebP)만 사용할 수 있습니다',
    'notification.notFound': '해당 알림이 없습니다',
    // Live support chat (decision 024).
    'support.notFound': '대화가 없습니다',
    'support.notImage': '채팅에서는 JPEG, PNG 또는 WebP 화상만 보낼수 있습니다',
  },
  validation: {
    // Bank accounts and withdrawal addresses (decision 015).
    enterBankName: '은행 이름을 입력하십시오',
    enterAccountName: '예금주 이름을 입력하십시오',
    enterAccountNumber: '계좌 번호를 입력하십시오',
    accountNumberInvalid: '계좌 번호는 6~34자의 영문자 또는 숫자입니다',
    textTooLong: '입력이 너무 깁니다',
    invalidCharacters: '허용되지 않는 문자가 들어 있습니다',
    enterWalletAddress: '지갑 주소를 입력하십시오',
    chooseAddress: '주소를 선택하십시오',
    chooseChain: '체인(TRC20 또는 BEP20)을 선택하십시오',
    addressWrongChain: '주소는 선택한 BEP20 또는 TRC20 주소여야 합니다',
    addressChecksum: '주소에 잘못된 문자가 있습니다(체크섬 불일치). 다시 복사하십시오',
    addressInvalid: '올바른 지갑 주소가 아닙니다',
    // Withdrawals and payouts (decision 019).
    chooseWithdrawalType: '출금 유형을 선택하십시오',
    chooseBankAccount: '은행 계좌를 선택하십시오',
    enterTxHash: '거래 해시(16진수 64자)를 입력하십시오',
    enterBankReference: '은행 거래 번호를 입력하십시오',
    // Packages (decision 020).
    quantityPositive: '수량은 0보다 커야 합니다',
    purchaseLimitExceeded: '구매 한도를 초과했습니다',
    enterActivationCode: '활성화 코드를 입력하세요',
    // Community (decision 021).
    searchTooLong: '검색어는 64자 이내로 입력하십시오',
    // Content (decision 023).
    enterTitle: '제목을 입력하십시오',
    enterBody: '본문을 입력하십시오',
    linkUnsafe: '링크는 https://, http:// 또는 / 로 시작해야 합니다',
    // Live support chat (decision 024).
    messageTooLong: '통보문은 2000자까지 쓸수 있습니다',
    enterMessage: '통보문을 쓰거나 화상을 첨부하십시오',
  },
};

export default koKPMember;
