/**
 * Server messages (zh-CN) that only signed-in pages need: they load with the member shell
 * (apps/web/src/lib/member-messages.ts), not with the first download; the server merges them
 * with the others (messages/index.ts).
 */
import type { MemberServerMessages } from './en-US.ts';

export const zhCNMember: MemberServerMessages = {
  errors: {
    // Bank accounts and withdrawal addresses (decision 015).
    'bankAccount.notFound': '没有这个银行账户',
    'bankAccount.duplicate': '该银行账户已在您的列表中',
    'bankAccount.limitReached': '最多只能保存 {{max}} 个银行账户，请先删除一个',
    'bankAccount.coolingOff': '该银行账户自 {{time}} 起才能用于提现',
    'address.notFound': '没有这个钱包地址',
    'address.duplicate': '该钱包地址已在您的列表中',
    'address.limitReached': '最多只能保存 {{max}} 个钱包地址，请先删除一个',
    'address.coolingOff': '该钱包地址自 {{time}} 起才能用于提现',
    // Withdrawals and payouts (decision 019).
    'withdrawal.typeUnknown': '该提现类型不可用，请选择其他类型',
    'withdrawal.notFound': '提现记录不存在',
    'withdrawal.wrongState': '该提现状态已变更，请刷新查看',
    'withdrawal.tooManyPending': '您已有 {{max}} 笔提现在处理中，请等待完成后再提交',
    'payout.hotWalletOff': '该链未配置热钱包',
    'payout.overLimit': '该笔出款超过热钱包限额（{{limit}}），请手动出款',
    'payout.notEligible': '热钱包无法支付该订单，请手动出款',
    'payout.txNotFound': '链上未找到该交易',
    'payout.txFailed': '该交易在链上执行失败',
    'payout.txMismatch': '该交易与订单不符：代币、收款地址或金额不一致',
    'payout.txUnconfirmed': '该交易已有 {{have}}/{{need}} 个确认，请稍后再试',
    'payout.txUsed': '该交易已用于支付其他订单',
    'payout.txTooOld': '该交易早于提现申请，不能作为其出款',
    'payout.chainUnavailable': '无法连接链节点，请稍后再试',
    'payout.chainNotConfigured': '该网络未配置链节点，请先设置其 RPC 地址',
    // Packages (decision 020).
    'package.saleClosed': '该套餐当前未开放购买',
    'package.notFound': '套餐不存在',
    'package.memberLimit': '超出购买限制：您还可购买 {{remaining}} 份',
    'package.totalLimit': '超出购买限制：该套餐仅剩 {{remaining}} 份',
    'package.insufficientBalance': '余额不足',
    'package.grade': '您的等级暂不能购买该套餐',
    'package.notInvited': '该套餐仅限受邀会员购买',
    'package.experienceUsed': '您已使用过体验套餐',
    'package.paymentMix': '{{coin}} 最多可支付该套餐的 {{percent}}%',
    'package.paymentTotal': '支付金额合计须为 {{total}}',
    'package.holdingNotFound': '持仓不存在',
    'package.wrongState': '当前持仓状态下不能进行此操作',
    'package.notUpgrade': '请选择价格更高的套餐进行升级',
    'package.recipientNotFound': '没有该用户名的会员',
    'package.toSelf': '不能将持仓转给自己',
    'package.codeInvalid': '激活码或用户名无效',
    'package.codeUsed': '该激活码已被激活',
    'package.notClaimable': '该持仓不能理赔',
    'package.claimPending': '该持仓已有待审核的理赔',
    'package.productInvalid': '套餐条款不一致：{{detail}}',
    // Scarce goods (decision 025).
    'scarce.tooEarly': '抢购尚未开始，请等待倒计时结束',
    'scarce.tooLate': '抢购已结束',
    'scarce.soldOut': '已售罄：本场商品已全部售出',
    'scarce.memberLimit': '您的购买数量已达到每人限额',
    'scarce.notEligible': '您不符合本场抢购的参与条件',
    'scarce.permitInvalid': '购买许可缺失、已使用或已过期，请重新输入交易密码确认',
    'scarce.notFound': '该抢购不存在',
    'scarce.insufficientBalance': '余额不足，无法完成购买',
    'scarce.saleInvalid': '抢购设置无效：{{detail}}',
    'scarce.codeNotYours': '该抢购码不属于您',
    'scarce.alreadyEnded': '该抢购已结束',
    'scarce.endBeforeStart': '结束时间必须晚于开始时间',
    'scarce.windowTooLong': '一场抢购最长 30 天',
    'scarce.limitOverTotal': '每人限购数不能大于总数',
    'equity.maxOverIssued': '每人上限不能大于发行总量',
    'equity.issuedBelowSold': '发行总量不能低于已售出的 {{sold}} 股',
    'equity.notOpen': '股权暂未开放购买',
    'equity.overLimit': '每人最多持有 {{max}} 股，您还可购买 {{left}} 股',
    'equity.soldOut': '已发行的股权已全部售出',
    'equity.insufficientBalance': '余额不足，无法购买这些股权',
    'config.staleVersion': '其他人已在此期间保存过，请刷新后重试',
    // Community (decision 021).
    'community.notInDownline': '该会员不在您的社区中',
    'plan.invalid': '奖金方案不一致，请按编辑器的提示修改后再保存',
    'plan.effectivePast': '生效时间已过，请选择现在或之后的时间',
    'plan.periodOpen': '该周期尚未结束，结束后才能发放',
    // Content and notifications (decision 023).
    'content.notFound': '该内容不存在或已不再显示',
    'content.invalid': '无法保存此内容，请按表单的提示修改后再保存',
    'content.expiryBeforePublish': '过期时间必须晚于发布时间',
    'content.bannersFull': '已有 {{max}} 个横幅，请先删除一个再添加',
    'content.bodyEmpty': '去除不安全的标记后正文为空，请输入正文内容',
    'content.imageOnly': '此处只能使用图片（JPEG、PNG 或 WebP）',
    'notification.notFound': '该通知不存在',
    // Live support chat (decision 024).
    'support.notFound': '会话不存在',
    'support.notImage': '聊天中只能发送 JPEG、PNG 或 WebP 图片',
  },
  validation: {
    // Bank accounts and withdrawal addresses (decision 015).
    enterBankName: '请输入银行名称',
    enterAccountName: '请输入银行账户名',
    enterAccountNumber: '请输入银行账号',
    accountNumberInvalid: '银行账号为 6 到 34 位字母或数字',
    textTooLong: '内容过长',
    invalidCharacters: '内容包含不允许的字符',
    enterWalletAddress: '请输入钱包地址',
    chooseAddress: '请选择地址',
    chooseChain: '请选择链类型（TRC20 或 BEP20）',
    addressWrongChain: '地址必须与所选的 BEP20 或 TRC20 一致',
    addressChecksum: '地址中有字符错误（校验和不符），请重新复制',
    addressInvalid: '这不是有效的钱包地址',
    // Withdrawals and payouts (decision 019).
    chooseWithdrawalType: '请选择提现类型',
    chooseBankAccount: '请选择银行账户',
    enterTxHash: '请输入交易哈希（64 位十六进制字符）',
    enterBankReference: '请输入银行流水号',
    // Packages (decision 020).
    quantityPositive: '数量必须大于0',
    purchaseLimitExceeded: '超出购买限制',
    enterActivationCode: '请输入激活码',
    // Community (decision 021).
    searchTooLong: '搜索内容最多 64 个字符',
    // Content (decision 023).
    enterTitle: '请输入标题',
    enterBody: '请输入正文',
    linkUnsafe: '链接必须以 https://、http:// 或 / 开头',
    // Live support chat (decision 024).
    messageTooLong: '消息最多 2000 个字符',
    enterMessage: '请输入消息或附加图片',
  },
};

export default zhCNMember;
