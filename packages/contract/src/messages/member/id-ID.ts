/**
 * Server messages (id-ID) that only signed-in pages need: they load with the member shell
 * (apps/web/src/lib/member-messages.ts), not with the first download; the server merges them
 * with the others (messages/index.ts).
 */
import type { MemberServerMessages } from './en-US.ts';

export const idIDMember: MemberServerMessages = {
  errors: {
    // Bank accounts and withdrawal addresses (decision 015).
    'bankAccount.notFound': 'Rekening bank ini tidak ada',
    'bankAccount.duplicate': 'Rekening bank ini sudah ada di daftar Anda',
    'bankAccount.limitReached': 'Anda dapat menyimpan paling banyak {{max}} rekening bank; hapus satu terlebih dahulu',
    'bankAccount.coolingOff': 'Rekening bank ini dapat dipakai untuk penarikan mulai {{time}}',
    'address.notFound': 'Alamat dompet ini tidak ada',
    'address.duplicate': 'Alamat dompet ini sudah ada di daftar Anda',
    'address.limitReached': 'Anda dapat menyimpan paling banyak {{max}} alamat dompet; hapus satu terlebih dahulu',
    'address.coolingOff': 'Alamat dompet ini dapat dipakai untuk penarikan mulai {{time}}',
    // Withdrawals and payouts (decision 019).
    'withdrawal.typeUnknown': 'Jenis penarikan ini tidak tersedia; pilih yang lain',
    'withdrawal.notFound': 'Penarikan tidak ditemukan',
    'withdrawal.wrongState': 'Status penarikan ini sudah berubah; muat ulang untuk melihatnya',
    'withdrawal.tooManyPending': 'Anda sudah memiliki {{max}} penarikan yang menunggu; tunggu hingga salah satunya selesai',
    'payout.hotWalletOff': 'Tidak ada hot wallet untuk jaringan ini',
    'payout.overLimit': 'Pembayaran ini melebihi batas hot wallet ({{limit}}); bayar secara manual',
    'payout.notEligible': 'Hot wallet tidak dapat membayar pesanan ini; bayar secara manual',
    'payout.txNotFound': 'Transaksi ini tidak ditemukan di jaringan',
    'payout.txFailed': 'Transaksi ini gagal di jaringan',
    'payout.txMismatch': 'Transaksi ini tidak membayar pesanan: token, penerima atau jumlah berbeda',
    'payout.txUnconfirmed': 'Transaksi ini memiliki {{have}} dari {{need}} konfirmasi; coba lagi sebentar lagi',
    'payout.txUsed': 'Transaksi ini sudah membayar pesanan lain',
    'payout.txTooOld': 'Transaksi ini lebih lama dari permintaan penarikan, jadi tidak dapat menjadi pembayarannya',
    'payout.chainUnavailable': 'Node jaringan tidak dapat dihubungi; coba lagi nanti',
    'payout.chainNotConfigured': 'Belum ada node jaringan yang diatur untuk jaringan ini; atur alamat RPC-nya dulu',
    // Packages (decision 020).
    'package.saleClosed': 'Paket ini sedang tidak dijual',
    'package.notFound': 'Paket tidak ditemukan',
    'package.memberLimit': 'Batas pembelian terlampaui: Anda dapat membeli {{remaining}} lagi',
    'package.totalLimit': 'Batas pembelian terlampaui: hanya tersisa {{remaining}} paket',
    'package.insufficientBalance': 'Saldo tidak mencukupi',
    'package.grade': 'Tingkat Anda belum dapat membeli paket ini',
    'package.notInvited': 'Paket ini hanya untuk anggota yang diundang',
    'package.experienceUsed': 'Anda sudah menggunakan paket percobaan',
    'package.paymentMix': '{{coin}} dapat membayar paling banyak {{percent}}% dari paket ini',
    'package.paymentTotal': 'Jumlah pembayaran harus {{total}}',
    'package.holdingNotFound': 'Kepemilikan tidak ditemukan',
    'package.wrongState': 'Tindakan ini tidak dapat dilakukan pada status kepemilikan saat ini',
    'package.notUpgrade': 'Pilih paket dengan harga lebih tinggi untuk meningkatkan',
    'package.recipientNotFound': 'Tidak ada anggota dengan nama pengguna ini',
    'package.toSelf': 'Anda tidak dapat mengalihkan kepemilikan ke diri sendiri',
    'package.codeInvalid': 'Kode aktivasi atau nama pengguna tidak valid',
    'package.codeUsed': 'Kode aktivasi ini sudah diaktifkan',
    'package.notClaimable': 'Kepemilikan ini tidak dapat diklaim',
    'package.claimPending': 'Klaim untuk kepemilikan ini sudah menunggu peninjauan',
    'package.productInvalid': 'Ketentuan paket tidak konsisten: {{detail}}',
    // Scarce goods (decision 025).
    'scarce.tooEarly': 'Penjualan belum dimulai; tunggu hitung mundur selesai',
    'scarce.tooLate': 'Penjualan sudah berakhir',
    'scarce.soldOut': 'Habis terjual: semua barang penjualan ini sudah diambil',
    'scarce.memberLimit': 'Anda sudah membeli sebanyak batas per anggota',
    'scarce.notEligible': 'Anda tidak memenuhi syarat untuk penjualan ini',
    'scarce.permitInvalid': 'Izin pembelian Anda tidak ada, sudah dipakai, atau kedaluwarsa; konfirmasi lagi dengan kata sandi transaksi',
    'scarce.notFound': 'Penjualan ini tidak ada',
    'scarce.insufficientBalance': 'Saldo Anda tidak cukup untuk pembelian ini',
    'scarce.saleInvalid': 'Pengaturan penjualan tidak valid: {{detail}}',
    'scarce.codeNotYours': 'Kode pembelian ini bukan milik Anda',
    'scarce.alreadyEnded': 'Penjualan ini sudah berakhir',
    'scarce.endBeforeStart': 'Waktu selesai harus setelah waktu mulai',
    'scarce.windowTooLong': 'Penjualan berlangsung paling lama 30 hari',
    'scarce.limitOverTotal': 'Batas per anggota tidak boleh melebihi total',
    'equity.maxOverIssued': 'Maksimum per anggota tidak boleh melebihi total yang diterbitkan',
    'equity.issuedBelowSold': 'Total yang diterbitkan tidak boleh di bawah {{sold}} saham yang sudah terjual',
    'equity.notOpen': 'Saham sedang tidak dijual',
    'equity.overLimit': 'Anda dapat memiliki paling banyak {{max}} saham; Anda masih dapat membeli {{left}}',
    'equity.soldOut': 'Semua saham yang diterbitkan sudah terjual',
    'equity.insufficientBalance': 'Saldo Anda tidak cukup untuk saham ini',
    'config.staleVersion': 'Orang lain telah menyimpan ini sementara itu; muat ulang dan coba lagi',
    // Community (decision 021).
    'community.notInDownline': 'Anggota itu tidak ada di komunitas Anda',
    'plan.invalid': 'Rencana kompensasi tidak konsisten; perbaiki nilai yang ditandai editor lalu simpan lagi',
    'plan.effectivePast': 'Waktu berlaku sudah lewat; pilih sekarang atau sesudahnya',
    'plan.periodOpen': 'Periode ini belum berakhir; pembayaran bisa dilakukan setelah periode selesai',
    // Content and notifications (decision 023).
    'content.notFound': 'Item tidak ditemukan atau sudah tidak ditampilkan',
    'content.invalid': 'Konten ini tidak dapat disimpan; perbaiki nilai yang ditandai formulir lalu simpan lagi',
    'content.expiryBeforePublish': 'Waktu berakhir harus setelah waktu terbit',
    'content.bannersFull': 'Sudah ada {{max}} banner; hapus satu sebelum menambah yang lain',
    'content.bodyEmpty': 'Teks ini kosong setelah markup yang tidak aman dihapus; masukkan teksnya sendiri',
    'content.imageOnly': 'Hanya gambar (JPEG, PNG, atau WebP) yang dapat digunakan di sini',
    'notification.notFound': 'Notifikasi tidak ditemukan',
    // Live support chat (decision 024).
    'support.notFound': 'Percakapan tidak ditemukan',
    'support.notImage': 'Hanya gambar JPEG, PNG, atau WebP yang dapat dikirim dalam obrolan',
  },
  validation: {
    // Bank accounts and withdrawal addresses (decision 015).
    enterBankName: 'Masukkan nama bank',
    enterAccountName: 'Masukkan nama pemilik rekening',
    enterAccountNumber: 'Masukkan nomor rekening',
    accountNumberInvalid: 'Nomor rekening terdiri dari 6 sampai 34 huruf atau angka',
    textTooLong: 'Teks ini terlalu panjang',
    invalidCharacters: 'Teks ini berisi karakter yang tidak diizinkan',
    enterWalletAddress: 'Masukkan alamat dompet',
    chooseAddress: 'Pilih alamat',
    chooseChain: 'Pilih jaringan (TRC20 atau BEP20)',
    addressWrongChain: 'Alamat harus BEP20 atau TRC20 sesuai pilihan',
    addressChecksum: 'Alamat ini memiliki karakter yang salah (checksum tidak cocok); salin ulang',
    addressInvalid: 'Ini bukan alamat dompet yang valid',
    // Withdrawals and payouts (decision 019).
    chooseWithdrawalType: 'Pilih jenis penarikan',
    chooseBankAccount: 'Pilih rekening bank',
    enterTxHash: 'Masukkan hash transaksi (64 karakter heksadesimal)',
    enterBankReference: 'Masukkan nomor referensi bank',
    // Packages (decision 020).
    quantityPositive: 'Jumlah harus lebih besar dari 0',
    purchaseLimitExceeded: 'Batas pembelian terlampaui',
    enterActivationCode: 'Masukkan kode aktivasi',
    // Community (decision 021).
    searchTooLong: 'Cari dengan paling banyak 64 karakter',
    // Content (decision 023).
    enterTitle: 'Silakan masukkan judul',
    enterBody: 'Silakan masukkan teks',
    linkUnsafe: 'Tautan harus diawali https://, http://, atau /',
    // Live support chat (decision 024).
    messageTooLong: 'Pesan paling banyak 2000 karakter',
    enterMessage: 'Tulis pesan atau lampirkan gambar',
  },
};

export default idIDMember;
