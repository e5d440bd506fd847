/**
 * The contract document's own words, in the contract's language (the PDF is made on the server). Amounts are the
 * lessor's brand's money (decision 064): symbol before each sum, the currency's code in the price columns.
 */
export const PDF_LABELS = {
  zh: {
    title: '设备租赁合同',
    number: '合同编号',
    lessor: '出租方（甲方）',
    renter: '承租方（乙方）',
    /** The party's identity number by the document it is (partyDocumentLabel): the console's words for it. */
    idNumber: {
      'renter.idCard': '身份证号',
      'renter.creditCode': '统一社会信用代码',
      'renter.driverLicence': '驾照号码',
      'renter.abn': '澳大利亚商业编号（ABN）',
      'renter.passport': '护照或身份证件号码',
      'renter.registrationNumber': '企业注册号码',
    },
    store: '门店',
    period: '租赁期限',
    periodText: (from: string, to: string, days: number) => `${from} 至 ${to}，共 ${days} 天`,
    site: '施工地址',
    deposit: '押金',
    payment: '付款方式',
    paymentText: (day: number, due: number) => `每月 ${day} 日出账，出账后 ${due} 天内付清`,
    total: '预计租金合计',
    remark: '备注',
    columns: (currency: string) => ['序号', '机械', '经营模式', `租金（${currency}）`, `金额（${currency}）`],
    modelCount: (model: string, count: number) => `${model} × ${count} 台`,
    perDay: '/天',
    perMonth: '/月',
    /** A line's hours allowance and overtime price (decision 070). */
    overtime: (hours: string, perDay: boolean, price: string) =>
      `含工时 ${hours} 小时${perDay ? '/天' : '/月'}，超出按 ${price}/小时`,
    lesseeSign: '承租方签署',
    lessorSign: '出租方签署',
    /** What a seal is for, lettered under its star (a Chinese company's contract seal reads so). */
    sealPurpose: '合同专用章',
    signedAt: '签署时间',
    /** The heading of the terms' pages (decision 078). */
    termsHeading: (version: number) => `合同条款（第 ${version} 版）`,
    models: { 22: '日租转月租', 23: '日租', 24: '月租（30天）', 25: '月租（自然月）', 27: '日租（7天以上）' } as Record<
      number,
      string
    >,
  },
  en: {
    title: 'Equipment Lease Contract',
    number: 'Contract number',
    lessor: 'Lessor',
    renter: 'Lessee',
    idNumber: {
      'renter.idCard': 'ID card number',
      'renter.creditCode': 'Unified social credit code',
      'renter.driverLicence': 'Driver licence number',
      'renter.abn': 'ABN',
      'renter.passport': 'Passport or ID number',
      'renter.registrationNumber': 'Company registration number',
    },
    store: 'Store',
    period: 'Lease period',
    periodText: (from: string, to: string, days: number) => `${from} to ${to}, ${days} days`,
    site: 'Site address',
    deposit: 'Deposit',
    payment: 'Payment terms',
    paymentText: (day: number, due: number) => `billed on day ${day} of each month, due ${due} days after the bill`,
    total: 'Planned rent in total',
    remark: 'Remark',
    columns: (currency: string) => ['#', 'Machine', 'Business model', `Price (${currency})`, `Amount (${currency})`],
    modelCount: (model: string, count: number) => `${model} × ${count}`,
    perDay: '/day',
    perMonth: '/month',
    overtime: (hours: string, perDay: boolean, price: string) =>
      `${hours} h${perDay ? '/day' : '/month'} included, overtime ${price}/h`,
    lesseeSign: 'Signed for the lessee',
    lessorSign: 'Signed for the lessor',
    sealPurpose: 'Contract seal',
    signedAt: 'Signed at',
    termsHeading: (version: number) => `Terms and conditions (version ${version})`,
    models: {
      22: 'Daily, converting to monthly',
      23: 'Daily',
      24: 'Monthly (30 days)',
      25: 'Monthly (calendar month)',
      27: 'Daily (over 7 days)',
    } as Record<number, string>,
  },
} as const;
