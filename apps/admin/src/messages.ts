/** The back-office shell's texts; the back-office issue moves these into full locale files. */
export const messages = {
  'zh-CN': { title: '管理后台', note: '员工登录、双重验证、角色与审核队列将在后台功能中提供。', portal: '返回会员门户' },
  'en-US': { title: 'Back-office', note: 'Staff sign-in with two-factor authentication, roles and review queues arrive with the back-office feature.', portal: 'Back to the member portal' },
  'ja-JP': { title: '管理画面', note: '二要素認証付きのスタッフログイン、ロール、審査キューは管理機能で提供されます。', portal: '会員ポータルへ戻る' },
  'ko-KP': { title: '관리자 페이지', note: '2단계 인증 직원 로그인, 역할 및 심사 대기열은 관리 기능과 함께 제공됩니다.', portal: '회원 포털로 돌아가기' },
  'id-ID': { title: 'Back-office', note: 'Masuk staf dengan autentikasi dua faktor, peran, dan antrean tinjauan hadir bersama fitur back-office.', portal: 'Kembali ke portal anggota' },
} as const;
export type AdminLanguage = keyof typeof messages;
