import type { MxikGroup, MxikItem } from './types';

// DEMO classifier codes: deterministic, labelled "(demo)" in every name and flagged source 'demo'.
// The real classifier (tens of thousands of codes) is published only behind tasnif.soliq.uz; an
// operator loads it with `npm run import:mxik`. Codes follow the real structure (group 3 + class 2 +
// position 3 + sub-position 3 + variant 6); package codes start with 9 and have 7 digits.

interface Category {
  /** First 11 digits: group, class, position, sub-position. */
  prefix: string;
  ru: string;
  uz: string;
  /** Packages offered for the category: Russian and Uzbek (Latin) names. */
  units: ReadonlyArray<readonly [string, string]>;
}

const PIECE = ['шт', 'dona'] as const;
const KG = ['кг', 'kg'] as const;
const LITRE = ['литр', 'litr'] as const;
const SERVICE = ['услуга (сум)', "xizmat (so'm)"] as const;
const BOX = ['шт (коробка)', 'dona (quti)'] as const;
const PACK = ['шт (упаковка)', "dona (o'ram)"] as const;
const BOTTLE = ['шт (бутылка)', 'dona (shisha)'] as const;
const METRE = ['метр', 'metr'] as const;
const TONNE = ['тонна', 'tonna'] as const;
const M2 = ['квадратный метр', 'kvadrat metr'] as const;
const M3 = ['кубический метр', 'kub metr'] as const;
const SET = ['комплект', 'komplekt'] as const;
const BAG = ['шт (мешок) 50 кг', 'dona (qop) 50 kg'] as const;

const CATEGORIES: Category[] = [
  {
    prefix: '00401001002',
    ru: 'Молоко пастеризованное',
    uz: 'Pasterizatsiyalangan sut',
    units: [LITRE, BOTTLE],
  },
  { prefix: '00402001001', ru: 'Сыр твёрдый', uz: 'Qattiq pishloq', units: [KG, PACK] },
  { prefix: '00403001001', ru: 'Масло сливочное', uz: "Sariyog'", units: [KG, PACK] },
  { prefix: '00702002001', ru: 'Лук репчатый свежий', uz: 'Yangi piyoz', units: [KG, TONNE] },
  { prefix: '00703001001', ru: 'Томаты свежие', uz: 'Yangi pomidor', units: [KG, TONNE] },
  { prefix: '00804001001', ru: 'Виноград свежий', uz: 'Yangi uzum', units: [KG, TONNE] },
  { prefix: '00902001002', ru: 'Чай чёрный байховый', uz: 'Qora bayxo choy', units: [BOX, PACK] },
  { prefix: '00901001001', ru: 'Кофе жареный в зёрнах', uz: 'Qovurilgan donli qahva', units: [PACK, KG] },
  { prefix: '01001001001', ru: 'Пшеница мягкая', uz: "Yumshoq bug'doy", units: [TONNE, KG] },
  { prefix: '01006001001', ru: 'Рис шлифованный', uz: 'Oqlangan guruch', units: [KG, BAG] },
  {
    prefix: '01101001001',
    ru: 'Мука пшеничная высшего сорта',
    uz: "Oliy navli bug'doy uni",
    units: [BAG, KG],
  },
  {
    prefix: '01507001001',
    ru: 'Масло подсолнечное рафинированное',
    uz: "Tozalangan kungaboqar yog'i",
    units: [BOTTLE, LITRE],
  },
  { prefix: '01701001001', ru: 'Сахар белый кристаллический', uz: 'Oq kristall shakar', units: [BAG, KG] },
  { prefix: '01905001001', ru: 'Хлеб пшеничный формовой', uz: "Qolipli bug'doy noni", units: [PIECE] },
  { prefix: '02009001001', ru: 'Сок яблочный', uz: 'Olma sharbati', units: [BOTTLE, LITRE] },
  {
    prefix: '02201002001',
    ru: 'Вода питьевая негазированная',
    uz: 'Gazsiz ichimlik suvi',
    units: [BOTTLE, LITRE],
  },
  { prefix: '02523001001', ru: 'Цемент портландский', uz: 'Portlandsement', units: [BAG, TONNE] },
  {
    prefix: '02710001001',
    ru: 'Бензин автомобильный АИ-92',
    uz: 'AI-92 avtomobil benzini',
    units: [LITRE, TONNE],
  },
  { prefix: '02710002001', ru: 'Топливо дизельное', uz: "Dizel yoqilg'isi", units: [LITRE, TONNE] },
  { prefix: '03101001001', ru: 'Удобрения азотные', uz: "Azotli o'g'itlar", units: [BAG, TONNE] },
  { prefix: '03208001001', ru: 'Краска водоэмульсионная', uz: "Suv emulsiyali bo'yoq", units: [KG, PIECE] },
  { prefix: '03305001001', ru: 'Шампунь для волос', uz: 'Soch uchun shampun', units: [BOTTLE, PIECE] },
  { prefix: '03401001001', ru: 'Мыло туалетное', uz: 'Atir sovun', units: [PIECE, BOX] },
  {
    prefix: '03402001001',
    ru: 'Средство моющее синтетическое',
    uz: 'Sintetik yuvish vositasi',
    units: [PACK, KG],
  },
  { prefix: '03917001001', ru: 'Трубы полиэтиленовые', uz: 'Polietilen quvurlar', units: [METRE, PIECE] },
  {
    prefix: '04011001001',
    ru: 'Шины для легковых автомобилей',
    uz: 'Yengil avtomobil shinalari',
    units: [PIECE, SET],
  },
  { prefix: '04802001001', ru: 'Бумага офисная А4', uz: "A4 ofis qog'ozi", units: [PACK, BOX] },
  { prefix: '04820001001', ru: 'Тетради школьные', uz: 'Maktab daftarlari', units: [PIECE, PACK] },
  { prefix: '05201001001', ru: 'Хлопок-волокно', uz: 'Paxta tolasi', units: [TONNE, KG] },
  { prefix: '05205001001', ru: 'Пряжа хлопчатобумажная', uz: 'Paxta ipi', units: [KG, TONNE] },
  { prefix: '05208001001', ru: 'Ткани хлопчатобумажные', uz: 'Paxta gazlamalari', units: [METRE, M2] },
  { prefix: '06109001001', ru: 'Футболки трикотажные', uz: 'Trikotaj futbolkalar', units: [PIECE, PACK] },
  {
    prefix: '06403001001',
    ru: 'Обувь кожаная мужская',
    uz: 'Erkaklar charm poyabzali',
    units: [['пара', 'juft'], BOX],
  },
  { prefix: '06904001001', ru: 'Кирпич керамический', uz: "Keramik g'isht", units: [PIECE, M3] },
  { prefix: '07214001001', ru: 'Арматура стальная', uz: "Po'lat armatura", units: [TONNE, METRE] },
  {
    prefix: '07306001001',
    ru: 'Трубы стальные сварные',
    uz: "Payvandlangan po'lat quvurlar",
    units: [METRE, TONNE],
  },
  { prefix: '08418001001', ru: 'Холодильники бытовые', uz: 'Maishiy muzlatgichlar', units: [PIECE] },
  {
    prefix: '08450001001',
    ru: 'Машины стиральные бытовые',
    uz: 'Maishiy kir yuvish mashinalari',
    units: [PIECE],
  },
  { prefix: '08471001001', ru: 'Ноутбуки', uz: 'Noutbuklar', units: [PIECE, SET] },
  { prefix: '08517001001', ru: 'Телефоны мобильные', uz: 'Mobil telefonlar', units: [PIECE] },
  { prefix: '08544001001', ru: 'Кабель силовой медный', uz: 'Mis kuch kabeli', units: [METRE, ['км', 'km']] },
  { prefix: '09403001001', ru: 'Мебель офисная, столы', uz: 'Ofis mebeli, stollar', units: [PIECE, SET] },
  { prefix: '09405001001', ru: 'Светильники светодиодные', uz: 'Svetodiodli chiroqlar', units: [PIECE, BOX] },
  {
    prefix: '10112001001',
    ru: 'Услуги по перевозке грузов автомобильным транспортом',
    uz: 'Avtomobil transportida yuk tashish xizmatlari',
    units: [SERVICE, ['тонна-километр', 'tonna-kilometr']],
  },
  {
    prefix: '10201001001',
    ru: 'Услуги по ремонту зданий',
    uz: "Binolarni ta'mirlash xizmatlari",
    units: [SERVICE, M2],
  },
  {
    prefix: '10301001001',
    ru: 'Услуги бухгалтерского учёта',
    uz: 'Buxgalteriya hisobi xizmatlari',
    units: [SERVICE],
  },
  {
    prefix: '10302001001',
    ru: 'Услуги консультационные по налогам',
    uz: "Soliq bo'yicha maslahat xizmatlari",
    units: [SERVICE],
  },
  {
    prefix: '10401001001',
    ru: 'Услуги по разработке программного обеспечения',
    uz: "Dasturiy ta'minot ishlab chiqish xizmatlari",
    units: [SERVICE],
  },
  {
    prefix: '10501001001',
    ru: 'Услуги связи и доступа в интернет',
    uz: 'Aloqa va internetga ulanish xizmatlari',
    units: [SERVICE],
  },
  {
    prefix: '10701001011',
    ru: 'Услуги аренды офисных помещений',
    uz: 'Ofis binolarini ijaraga berish xizmatlari',
    units: [SERVICE, M2],
  },
];

const VARIANTS: ReadonlyArray<readonly [string, string]> = [
  ['весовой', 'tortib sotiladigan'],
  ['в упаковке 0,5 кг', "0,5 kg o'ramda"],
  ['в упаковке 1 кг', "1 kg o'ramda"],
  ['объём 0,5 л', 'hajmi 0,5 l'],
  ['объём 1 л', 'hajmi 1 l'],
  ['объём 5 л', 'hajmi 5 l'],
  ['высший сорт', 'oliy nav'],
  ['первый сорт', 'birinchi nav'],
  ['импортный', 'import qilingan'],
  ['отечественный', 'mahalliy'],
  ['оптом', 'ulgurji'],
  ['в розницу', 'chakana'],
];

const cyrillic = new Map<string, string>();

/** Uzbek Latin → Cyrillic, enough for the demo names (o‘ → ў, g‘ → ғ, sh → ш, ch → ч, …). */
export function uzLatinToCyrillic(text: string): string {
  let out = cyrillic.get(text);
  if (out === undefined) {
    out = transliterate(text);
    if (cyrillic.size < 10_000) cyrillic.set(text, out);
  }
  return out;
}

function transliterate(text: string): string {
  const pairs: Array<[RegExp, string]> = [
    [/o['ʻ‘’]/g, 'ў'],
    [/O['ʻ‘’]/g, 'Ў'],
    [/g['ʻ‘’]/g, 'ғ'],
    [/G['ʻ‘’]/g, 'Ғ'],
    [/sh/g, 'ш'],
    [/Sh/g, 'Ш'],
    [/ch/g, 'ч'],
    [/Ch/g, 'Ч'],
    [/yo/g, 'ё'],
    [/yu/g, 'ю'],
    [/ya/g, 'я'],
    [/Yo/g, 'Ё'],
    [/Yu/g, 'Ю'],
    [/Ya/g, 'Я'],
    [/ts/g, 'ц'],
    [/\be/g, 'э'],
    [/\bE/g, 'Э'],
  ];
  let out = text;
  for (const [from, to] of pairs) out = out.replace(from, to);
  const single: Record<string, string> = {
    a: 'а',
    b: 'б',
    d: 'д',
    e: 'е',
    f: 'ф',
    g: 'г',
    h: 'ҳ',
    i: 'и',
    j: 'ж',
    k: 'к',
    l: 'л',
    m: 'м',
    n: 'н',
    o: 'о',
    p: 'п',
    q: 'қ',
    r: 'р',
    s: 'с',
    t: 'т',
    u: 'у',
    v: 'в',
    x: 'х',
    y: 'й',
    z: 'з',
    "'": 'ъ',
  };
  return [...out]
    .map((ch) => {
      const lower = ch.toLowerCase();
      const mapped = single[lower];
      if (!mapped) return ch;
      return ch === lower ? mapped : mapped.toUpperCase();
    })
    .join('');
}

const DEMO = ' (demo)';

function item(cat: Category, variant: number, brand: number): MxikItem {
  const [vRu, vUz] = VARIANTS[variant % VARIANTS.length];
  const brandName = `DemoBrand-${brand}`;
  const uzHead = `${cat.uz}, ${vUz}, `;
  const uz = `${uzHead}${brandName}${DEMO}`;
  const n = variant + brand * VARIANTS.length + 1;
  return {
    code: `${cat.prefix}${String(n).padStart(6, '0')}`,
    nameRu: `${cat.ru}, ${vRu}, ${brandName}${DEMO}`,
    nameUzLatn: uz,
    nameUzCyrl: `${uzLatinToCyrillic(uzHead)}${uzLatinToCyrillic(brandName)}${uzLatinToCyrillic(DEMO)}`,
    internationalCode: null,
    label: false,
    usePackage: true,
    packages: cat.units.map(([ru, uzUnit], k) => ({
      code: String(9_000_000 + ((Number(cat.prefix.slice(0, 5)) * 7 + k) % 1_000_000)),
      packageType: k === 0 ? '1' : '2',
      nameRu: ru,
      nameUzLatn: uzUnit,
      nameUzCyrl: uzLatinToCyrillic(uzUnit),
    })),
  };
}

/**
 * `count` demo codes spread over the categories (the same every run). The default fills the demo
 * install; the benchmark asks for 100,000.
 */
export function demoMxik(count = 1200): { items: MxikItem[]; groups: MxikGroup[] } {
  const items: MxikItem[] = [];
  const perCategory = Math.ceil(count / CATEGORIES.length);
  for (let k = 0; k < perCategory && items.length < count; k++) {
    for (const cat of CATEGORIES) {
      if (items.length >= count) break;
      items.push(item(cat, k % VARIANTS.length, Math.floor(k / VARIANTS.length) + 1));
    }
  }
  const groups: MxikGroup[] = CATEGORIES.map((cat) => ({
    code: cat.prefix,
    nameRu: `${cat.ru}${DEMO}`,
    nameUzLatn: `${cat.uz}${DEMO}`,
    nameUzCyrl: uzLatinToCyrillic(`${cat.uz}${DEMO}`),
  }));
  return { items, groups };
}
