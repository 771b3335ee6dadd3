/** E-mail texts (id-ID): the server's only; kept apart so the web never downloads them. */
import type { MailMessages } from './en-US.ts';

export const idIDMail = {
  codeSubject: 'Kode verifikasi Anda',
  codeBody: 'Kode verifikasi Anda adalah {{code}}. Kode ini berlaku selama {{minutes}} menit. Jika Anda tidak memintanya, abaikan email ini.',
  // Member security centre (decision 010).
  newDeviceSubject: 'Login baru ke akun Anda',
  newDeviceBody:
    'Akun Anda {{userName}} masuk dari perangkat atau alamat yang belum pernah terlihat: {{device}}, alamat {{address}}, pada {{time}}. Jika ini bukan Anda, segera ubah kata sandi dan keluarkan sesi lain di Pengaturan > Pusat keamanan.',
  passwordChangedSubject: 'Kata sandi login Anda telah diubah',
  passwordChangedBody:
    'Kata sandi login akun Anda {{userName}} diubah pada {{time}} dari alamat {{address}}. Jika ini bukan Anda, segera atur ulang kata sandi dan hubungi layanan pelanggan.',
  txPasswordChangedSubject: 'Kata sandi transaksi Anda telah diubah',
  txPasswordChangedBody:
    'Kata sandi transaksi akun Anda {{userName}} diubah pada {{time}} dari alamat {{address}}. Jika ini bukan Anda, segera hubungi layanan pelanggan.',
  twoFactorOffSubject: 'Login dua langkah telah dimatikan',
  twoFactorOffBody:
    'Login dua langkah (aplikasi autentikator) akun Anda {{userName}} dimatikan pada {{time}} dari alamat {{address}}. Jika ini bukan Anda, segera ubah kata sandi dan hubungi layanan pelanggan.',
  // Bank accounts and withdrawal addresses (decision 015).
  bankAccountChangedSubject: 'Rekening bank penarikan Anda berubah',
  bankAccountChangedBody:
    'Sebuah rekening bank di akun Anda {{userName}} telah {{action}} pada {{time}} dari alamat {{address}}: {{detail}}. Rekening ini dapat dipakai untuk penarikan mulai {{usableFrom}}. Jika ini bukan Anda, segera ubah kata sandi dan hubungi layanan pelanggan.',
  withdrawalAddressChangedSubject: 'Alamat penarikan Anda berubah',
  withdrawalAddressChangedBody:
    'Sebuah alamat dompet di akun Anda {{userName}} telah {{action}} pada {{time}} dari alamat {{address}}: {{detail}}. Alamat ini dapat dipakai untuk penarikan mulai {{usableFrom}}. Jika ini bukan Anda, segera ubah kata sandi dan hubungi layanan pelanggan.',
  destinationRemovedBody:
    'Sebuah tujuan penarikan di akun Anda {{userName}} telah dihapus pada {{time}} dari alamat {{address}}: {{detail}}. Jika ini bukan Anda, segera ubah kata sandi dan hubungi layanan pelanggan.',
  actionAdded: 'ditambahkan',
  actionChanged: 'diubah',
} satisfies MailMessages;
