/**
 * The demo's help centre: a short FAQ in every language, one question per h2, so a new
 * installation shows the page as staff will fill it (they edit it under Content → Documents).
 */
import type { Language } from '@pp/contract';

type Faq = Array<[question: string, answerHtml: string]>;

const faqs: Record<Language, { title: string; intro: string; faq: Faq }> = {
  'en-US': {
    title: 'Help centre',
    intro: '<p>Answers to the questions members ask most. Type a word in the search box to find one.</p>',
    faq: [
      [
        'How do I deposit USDT?',
        '<p>Open <a href="/deposit">Deposit</a>, choose TRC20 or BEP20 and send USDT to the address shown. It is credited after the required block confirmations.</p>',
      ],
      [
        'How long does a bank deposit take?',
        '<p>Staff check the receipt within the review hours shown on the deposit page. Write the reference shown on the page on your bank transfer so it is matched quickly.</p>',
      ],
      [
        'Why is my withdrawal still pending?',
        '<p>Every withdrawal is reviewed by staff. You can follow its status under Records; a rejected withdrawal returns the amount and fee to your balance with the reason.</p>',
      ],
      [
        'I forgot my transaction password',
        '<p>Go to Security, choose <strong>Reset transaction password</strong> and confirm with the code sent to your email.</p>',
      ],
      ['Can I cancel a transfer?', '<p>No. A transfer between members is final once confirmed, so check the recipient’s masked name before you confirm.</p>'],
    ],
  },
  'zh-CN': {
    title: '帮助中心',
    intro: '<p>会员最常问的问题与解答。在搜索框中输入关键词即可查找。</p>',
    faq: [
      ['如何充值 USDT？', '<p>打开<a href="/deposit">充值</a>页面，选择 TRC20 或 BEP20，将 USDT 转到页面显示的地址。达到所需区块确认数后到账。</p>'],
      ['银行充值需要多久？', '<p>员工会在充值页面显示的审核时间内核对转账凭证。请在银行转账附言中填写页面显示的参考号，以便尽快匹配。</p>'],
      ['为什么我的提现还在处理中？', '<p>每笔提现都由员工审核。您可以在“记录”中查看状态；被拒绝的提现会连同手续费退回余额，并注明原因。</p>'],
      ['忘记交易密码怎么办？', '<p>进入“安全中心”，选择<strong>重置交易密码</strong>，并用发送到邮箱的验证码确认。</p>'],
      ['转账可以撤销吗？', '<p>不可以。会员之间的转账一经确认即为最终结果，确认前请核对收款人的掩码姓名。</p>'],
    ],
  },
  'ja-JP': {
    title: 'ヘルプセンター',
    intro: '<p>会員の皆さまからよく寄せられる質問と回答です。検索欄に言葉を入力して探せます。</p>',
    faq: [
      [
        'USDT を入金するには？',
        '<p><a href="/deposit">入金</a>を開き、TRC20 または BEP20 を選んで、表示されたアドレスに USDT を送ってください。必要なブロック承認数の後に反映されます。</p>',
      ],
      [
        '銀行入金にはどのくらいかかりますか？',
        '<p>スタッフが入金ページに表示された審査時間内に振込控えを確認します。ページに表示される参照番号を振込に記入すると、早く照合されます。</p>',
      ],
      [
        '出金が保留中のままなのはなぜですか？',
        '<p>出金はすべてスタッフが審査します。状態は「記録」で確認できます。却下された出金は、手数料とともに理由を添えて残高に戻ります。</p>',
      ],
      ['取引パスワードを忘れました', '<p>「セキュリティ」で<strong>取引パスワードの再設定</strong>を選び、メールに届いたコードで確認してください。</p>'],
      ['送金を取り消せますか？', '<p>いいえ。会員間の送金は確定すると取り消せません。確定前に受取人の伏せ字の名前を確認してください。</p>'],
    ],
  },
  'ko-KP': {
    title: '도움말 센터',
    intro: '<p>회원들이 가장 많이 묻는 질문과 답변입니다. 검색창에 낱말을 입력하여 찾으십시오.</p>',
    faq: [
      [
        'USDT는 어떻게 입금합니까?',
        '<p><a href="/deposit">입금</a>을 열고 TRC20 또는 BEP20을 선택한 다음 표시된 주소로 USDT를 보내십시오. 필요한 블록 확인 후 입금됩니다.</p>',
      ],
      [
        '은행 입금은 얼마나 걸립니까?',
        '<p>직원이 입금 화면에 표시된 심사 시간 안에 영수증을 확인합니다. 화면에 표시된 참조 번호를 송금에 적으면 빨리 맞춰집니다.</p>',
      ],
      [
        '출금이 왜 아직 대기 중입니까?',
        '<p>모든 출금은 직원이 심사합니다. 상태는 기록에서 볼 수 있으며, 거절된 출금은 수수료와 함께 사유를 붙여 잔액으로 돌아옵니다.</p>',
      ],
      ['거래 비밀번호를 잊었습니다', '<p>보안에서 <strong>거래 비밀번호 재설정</strong>을 선택하고 이메일로 받은 코드로 확인하십시오.</p>'],
      ['송금을 취소할 수 있습니까?', '<p>아니요. 회원 간 송금은 확인되면 되돌릴 수 없으니 확인 전에 받는 사람의 가려진 이름을 확인하십시오.</p>'],
    ],
  },
  'id-ID': {
    title: 'Pusat bantuan',
    intro: '<p>Jawaban atas pertanyaan yang paling sering diajukan anggota. Ketik kata di kotak pencarian untuk menemukannya.</p>',
    faq: [
      [
        'Bagaimana cara menyetor USDT?',
        '<p>Buka <a href="/deposit">Setoran</a>, pilih TRC20 atau BEP20, lalu kirim USDT ke alamat yang ditampilkan. Saldo masuk setelah jumlah konfirmasi blok yang diperlukan.</p>',
      ],
      [
        'Berapa lama setoran bank diproses?',
        '<p>Staf memeriksa bukti transfer dalam jam peninjauan yang tertera di halaman setoran. Tulis nomor referensi dari halaman itu pada transfer bank Anda agar cepat dicocokkan.</p>',
      ],
      [
        'Mengapa penarikan saya masih tertunda?',
        '<p>Setiap penarikan ditinjau oleh staf. Statusnya dapat dilihat di Riwayat; penarikan yang ditolak mengembalikan jumlah dan biayanya ke saldo Anda beserta alasannya.</p>',
      ],
      [
        'Saya lupa kata sandi transaksi',
        '<p>Buka Keamanan, pilih <strong>Atur ulang kata sandi transaksi</strong>, lalu konfirmasi dengan kode yang dikirim ke email Anda.</p>',
      ],
      [
        'Bisakah transfer dibatalkan?',
        '<p>Tidak. Transfer antaranggota bersifat final setelah dikonfirmasi, jadi periksa nama penerima yang disamarkan sebelum mengonfirmasi.</p>',
      ],
    ],
  },
};

/** The document as staff would publish it: the intro, then each question as an h2 with its answer. */
export function demoHelpCentre(lang: Language): { title: string; body: string } {
  const { title, intro, faq } = faqs[lang];
  return { title, body: intro + faq.map(([question, answer]) => `<h2>${question}</h2>${answer}`).join('') };
}

export const demoHelpQuestionCount = 5;
