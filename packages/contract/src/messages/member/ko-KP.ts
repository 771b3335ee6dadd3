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
  },
};

export default koKPMember;
