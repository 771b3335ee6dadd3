/** E-mail texts (ko-KP): the server's only; kept apart so the web never downloads them. */
import type { MailMessages } from './en-US.ts';

export const koKPMail = {
  codeSubject: '인증 코드 안내',
  codeBody: '인증 코드는 {{code}}입니다. {{minutes}}분 동안 유효합니다. 본인이 요청하지 않았다면 이 이메일을 무시해 주세요.',
  // Member security centre (decision 010).
  newDeviceSubject: '계정에 새로운 로그인',
  newDeviceBody:
    '계정 {{userName}}에 이전에 사용된 적 없는 기기 또는 주소에서 로그인했습니다: {{device}}, 주소 {{address}}, 시간 {{time}}. 본인이 아니라면 즉시 비밀번호를 변경하고 「설정 > 보안 센터」에서 다른 세션을 로그아웃하십시오.',
  passwordChangedSubject: '로그인 비밀번호가 변경되었습니다',
  passwordChangedBody:
    '계정 {{userName}}의 로그인 비밀번호가 {{time}}에 주소 {{address}}에서 변경되었습니다. 본인이 아니라면 즉시 비밀번호를 재설정하고 고객 센터에 연락하십시오.',
  txPasswordChangedSubject: '거래 비밀번호가 변경되었습니다',
  txPasswordChangedBody: '계정 {{userName}}의 거래 비밀번호가 {{time}}에 주소 {{address}}에서 변경되었습니다. 본인이 아니라면 즉시 고객 센터에 연락하십시오.',
  twoFactorOffSubject: '2단계 로그인이 꺼졌습니다',
  twoFactorOffBody:
    '계정 {{userName}}의 2단계 로그인(인증 앱)이 {{time}}에 주소 {{address}}에서 꺼졌습니다. 본인이 아니라면 즉시 비밀번호를 변경하고 고객 센터에 연락하십시오.',
  // Bank accounts and withdrawal addresses (decision 015).
  bankAccountChangedSubject: '출금 은행 계좌가 변경되었습니다',
  bankAccountChangedBody:
    '계정 {{userName}}의 은행 계좌가 {{time}}에 주소 {{address}}에서 {{action}}되었습니다: {{detail}}. 이 계좌는 {{usableFrom}}부터 출금에 사용할 수 있습니다. 본인이 아니라면 즉시 비밀번호를 변경하고 고객 센터에 연락하십시오.',
  withdrawalAddressChangedSubject: '출금 주소가 변경되었습니다',
  withdrawalAddressChangedBody:
    '계정 {{userName}}의 지갑 주소가 {{time}}에 주소 {{address}}에서 {{action}}되었습니다: {{detail}}. 이 주소는 {{usableFrom}}부터 출금에 사용할 수 있습니다. 본인이 아니라면 즉시 비밀번호를 변경하고 고객 센터에 연락하십시오.',
  destinationRemovedBody:
    '계정 {{userName}}의 출금 대상이 {{time}}에 주소 {{address}}에서 삭제되었습니다: {{detail}}. 본인이 아니라면 즉시 비밀번호를 변경하고 고객 센터에 연락하십시오.',
  actionAdded: '추가',
  actionChanged: '변경',
} satisfies MailMessages;
