/** The administrator's mobile of the rental company `lessorForm` onboards. */
export const ADMIN_MOBILE = '13977001122';

/** The operator's form onboarding a rental company in Hangzhou, its administrator asked by text to set a password. */
export const lessorForm = (fields: Record<string, unknown> = {}) => ({
  name: '江南高空设备租赁有限公司',
  // Its registered names in the languages it keeps, which its documents of each language use.
  nameZh: '江南高空设备租赁有限公司',
  nameEn: 'Jiangnan Aerial Equipment Rental Co., Ltd.',
  contactName: '周立',
  contactPhone: '13977001100',
  province: '浙江省',
  city: '杭州市',
  district: '滨江区',
  address: '江南大道 588 号',
  creditCode: '91330108MA2H3K7X5Q',
  appid: 'zjcloud',
  timeZone: 'Asia/Shanghai',
  leasing: true,
  rentalDomestic: true,
  rentalForeign: false,
  adminName: '沈佳',
  adminMobile: ADMIN_MOBILE,
  adminAreaCode: '86',
  adminMode: 'message' as const,
  ...fields,
});
