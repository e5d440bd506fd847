/**
 * Mainland China's provincial-level divisions and their prefecture-level cities (a municipality is its own city),
 * with English names: where a work order is to be done is picked from this list, not typed (decision 027). Values
 * are the Chinese official names, as addresses are written; the English name is the label in the English console.
 */
export interface Region {
  name: string;
  en: string;
  cities: readonly { name: string; en: string }[];
}

const region = (name: string, en: string, cities: string): Region => ({
  name,
  en,
  cities: cities.split(',').map((pair) => {
    const [zh, english] = pair.split(':') as [string, string];
    return { name: zh, en: english };
  }),
});

export const REGIONS: readonly Region[] = [
  region('北京市', 'Beijing', '北京市:Beijing'),
  region('天津市', 'Tianjin', '天津市:Tianjin'),
  region('上海市', 'Shanghai', '上海市:Shanghai'),
  region('重庆市', 'Chongqing', '重庆市:Chongqing'),
  region(
    '河北省',
    'Hebei',
    '石家庄市:Shijiazhuang,唐山市:Tangshan,秦皇岛市:Qinhuangdao,邯郸市:Handan,邢台市:Xingtai,保定市:Baoding,张家口市:Zhangjiakou,承德市:Chengde,沧州市:Cangzhou,廊坊市:Langfang,衡水市:Hengshui',
  ),
  region(
    '山西省',
    'Shanxi',
    '太原市:Taiyuan,大同市:Datong,阳泉市:Yangquan,长治市:Changzhi,晋城市:Jincheng,朔州市:Shuozhou,晋中市:Jinzhong,运城市:Yuncheng,忻州市:Xinzhou,临汾市:Linfen,吕梁市:Lüliang',
  ),
  region(
    '内蒙古自治区',
    'Inner Mongolia',
    '呼和浩特市:Hohhot,包头市:Baotou,乌海市:Wuhai,赤峰市:Chifeng,通辽市:Tongliao,鄂尔多斯市:Ordos,呼伦贝尔市:Hulunbuir,巴彦淖尔市:Bayannur,乌兰察布市:Ulanqab',
  ),
  region(
    '辽宁省',
    'Liaoning',
    '沈阳市:Shenyang,大连市:Dalian,鞍山市:Anshan,抚顺市:Fushun,本溪市:Benxi,丹东市:Dandong,锦州市:Jinzhou,营口市:Yingkou,阜新市:Fuxin,辽阳市:Liaoyang,盘锦市:Panjin,铁岭市:Tieling,朝阳市:Chaoyang,葫芦岛市:Huludao',
  ),
  region(
    '吉林省',
    'Jilin',
    '长春市:Changchun,吉林市:Jilin,四平市:Siping,辽源市:Liaoyuan,通化市:Tonghua,白山市:Baishan,松原市:Songyuan,白城市:Baicheng',
  ),
  region(
    '黑龙江省',
    'Heilongjiang',
    '哈尔滨市:Harbin,齐齐哈尔市:Qiqihar,鸡西市:Jixi,鹤岗市:Hegang,双鸭山市:Shuangyashan,大庆市:Daqing,伊春市:Yichun,佳木斯市:Jiamusi,七台河市:Qitaihe,牡丹江市:Mudanjiang,黑河市:Heihe,绥化市:Suihua',
  ),
  region(
    '江苏省',
    'Jiangsu',
    '南京市:Nanjing,无锡市:Wuxi,徐州市:Xuzhou,常州市:Changzhou,苏州市:Suzhou,南通市:Nantong,连云港市:Lianyungang,淮安市:Huai’an,盐城市:Yancheng,扬州市:Yangzhou,镇江市:Zhenjiang,泰州市:Taizhou,宿迁市:Suqian',
  ),
  region(
    '浙江省',
    'Zhejiang',
    '杭州市:Hangzhou,宁波市:Ningbo,温州市:Wenzhou,嘉兴市:Jiaxing,湖州市:Huzhou,绍兴市:Shaoxing,金华市:Jinhua,衢州市:Quzhou,舟山市:Zhoushan,台州市:Taizhou,丽水市:Lishui',
  ),
  region(
    '安徽省',
    'Anhui',
    '合肥市:Hefei,芜湖市:Wuhu,蚌埠市:Bengbu,淮南市:Huainan,马鞍山市:Ma’anshan,淮北市:Huaibei,铜陵市:Tongling,安庆市:Anqing,黄山市:Huangshan,滁州市:Chuzhou,阜阳市:Fuyang,宿州市:Suzhou,六安市:Lu’an,亳州市:Bozhou,池州市:Chizhou,宣城市:Xuancheng',
  ),
  region(
    '福建省',
    'Fujian',
    '福州市:Fuzhou,厦门市:Xiamen,莆田市:Putian,三明市:Sanming,泉州市:Quanzhou,漳州市:Zhangzhou,南平市:Nanping,龙岩市:Longyan,宁德市:Ningde',
  ),
  region(
    '江西省',
    'Jiangxi',
    '南昌市:Nanchang,景德镇市:Jingdezhen,萍乡市:Pingxiang,九江市:Jiujiang,新余市:Xinyu,鹰潭市:Yingtan,赣州市:Ganzhou,吉安市:Ji’an,宜春市:Yichun,抚州市:Fuzhou,上饶市:Shangrao',
  ),
  region(
    '山东省',
    'Shandong',
    '济南市:Jinan,青岛市:Qingdao,淄博市:Zibo,枣庄市:Zaozhuang,东营市:Dongying,烟台市:Yantai,潍坊市:Weifang,济宁市:Jining,泰安市:Tai’an,威海市:Weihai,日照市:Rizhao,临沂市:Linyi,德州市:Dezhou,聊城市:Liaocheng,滨州市:Binzhou,菏泽市:Heze',
  ),
  region(
    '河南省',
    'Henan',
    '郑州市:Zhengzhou,开封市:Kaifeng,洛阳市:Luoyang,平顶山市:Pingdingshan,安阳市:Anyang,鹤壁市:Hebi,新乡市:Xinxiang,焦作市:Jiaozuo,濮阳市:Puyang,许昌市:Xuchang,漯河市:Luohe,三门峡市:Sanmenxia,南阳市:Nanyang,商丘市:Shangqiu,信阳市:Xinyang,周口市:Zhoukou,驻马店市:Zhumadian',
  ),
  region(
    '湖北省',
    'Hubei',
    '武汉市:Wuhan,黄石市:Huangshi,十堰市:Shiyan,宜昌市:Yichang,襄阳市:Xiangyang,鄂州市:Ezhou,荆门市:Jingmen,孝感市:Xiaogan,荆州市:Jingzhou,黄冈市:Huanggang,咸宁市:Xianning,随州市:Suizhou',
  ),
  region(
    '湖南省',
    'Hunan',
    '长沙市:Changsha,株洲市:Zhuzhou,湘潭市:Xiangtan,衡阳市:Hengyang,邵阳市:Shaoyang,岳阳市:Yueyang,常德市:Changde,张家界市:Zhangjiajie,益阳市:Yiyang,郴州市:Chenzhou,永州市:Yongzhou,怀化市:Huaihua,娄底市:Loudi',
  ),
  region(
    '广东省',
    'Guangdong',
    '广州市:Guangzhou,韶关市:Shaoguan,深圳市:Shenzhen,珠海市:Zhuhai,汕头市:Shantou,佛山市:Foshan,江门市:Jiangmen,湛江市:Zhanjiang,茂名市:Maoming,肇庆市:Zhaoqing,惠州市:Huizhou,梅州市:Meizhou,汕尾市:Shanwei,河源市:Heyuan,阳江市:Yangjiang,清远市:Qingyuan,东莞市:Dongguan,中山市:Zhongshan,潮州市:Chaozhou,揭阳市:Jieyang,云浮市:Yunfu',
  ),
  region(
    '广西壮族自治区',
    'Guangxi',
    '南宁市:Nanning,柳州市:Liuzhou,桂林市:Guilin,梧州市:Wuzhou,北海市:Beihai,防城港市:Fangchenggang,钦州市:Qinzhou,贵港市:Guigang,玉林市:Yulin,百色市:Baise,贺州市:Hezhou,河池市:Hechi,来宾市:Laibin,崇左市:Chongzuo',
  ),
  region('海南省', 'Hainan', '海口市:Haikou,三亚市:Sanya,三沙市:Sansha,儋州市:Danzhou'),
  region(
    '四川省',
    'Sichuan',
    '成都市:Chengdu,自贡市:Zigong,攀枝花市:Panzhihua,泸州市:Luzhou,德阳市:Deyang,绵阳市:Mianyang,广元市:Guangyuan,遂宁市:Suining,内江市:Neijiang,乐山市:Leshan,南充市:Nanchong,眉山市:Meishan,宜宾市:Yibin,广安市:Guang’an,达州市:Dazhou,雅安市:Ya’an,巴中市:Bazhong,资阳市:Ziyang',
  ),
  region(
    '贵州省',
    'Guizhou',
    '贵阳市:Guiyang,六盘水市:Liupanshui,遵义市:Zunyi,安顺市:Anshun,毕节市:Bijie,铜仁市:Tongren',
  ),
  region(
    '云南省',
    'Yunnan',
    '昆明市:Kunming,曲靖市:Qujing,玉溪市:Yuxi,保山市:Baoshan,昭通市:Zhaotong,丽江市:Lijiang,普洱市:Pu’er,临沧市:Lincang',
  ),
  region(
    '西藏自治区',
    'Tibet',
    '拉萨市:Lhasa,日喀则市:Shigatse,昌都市:Qamdo,林芝市:Nyingchi,山南市:Shannan,那曲市:Nagqu',
  ),
  region(
    '陕西省',
    'Shaanxi',
    '西安市:Xi’an,铜川市:Tongchuan,宝鸡市:Baoji,咸阳市:Xianyang,渭南市:Weinan,延安市:Yan’an,汉中市:Hanzhong,榆林市:Yulin,安康市:Ankang,商洛市:Shangluo',
  ),
  region(
    '甘肃省',
    'Gansu',
    '兰州市:Lanzhou,嘉峪关市:Jiayuguan,金昌市:Jinchang,白银市:Baiyin,天水市:Tianshui,武威市:Wuwei,张掖市:Zhangye,平凉市:Pingliang,酒泉市:Jiuquan,庆阳市:Qingyang,定西市:Dingxi,陇南市:Longnan',
  ),
  region('青海省', 'Qinghai', '西宁市:Xining,海东市:Haidong'),
  region(
    '宁夏回族自治区',
    'Ningxia',
    '银川市:Yinchuan,石嘴山市:Shizuishan,吴忠市:Wuzhong,固原市:Guyuan,中卫市:Zhongwei',
  ),
  region('新疆维吾尔自治区', 'Xinjiang', '乌鲁木齐市:Ürümqi,克拉玛依市:Karamay,吐鲁番市:Turpan,哈密市:Hami'),
  region('香港特别行政区', 'Hong Kong', '香港:Hong Kong'),
  region('澳门特别行政区', 'Macao', '澳门:Macao'),
  region(
    '台湾省',
    'Taiwan',
    '台北市:Taipei,新北市:New Taipei,桃园市:Taoyuan,台中市:Taichung,台南市:Tainan,高雄市:Kaohsiung',
  ),
];

/** The province of this name, if it is one. */
export const regionNamed = (province: string): Region | undefined => REGIONS.find((r) => r.name === province);

/** Whether a province and city (either may be empty) are a pair of the list. */
export function isRegionPair(province: string, city: string): boolean {
  if (province === '') return city === '';
  const found = regionNamed(province);
  return !!found && (city === '' || found.cities.some((c) => c.name === city));
}
