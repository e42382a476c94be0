import { DEMO_ORGANIZATIONS } from '../../../db/seeds/organizations';
import type { ClassifierRow, EnterpriseRow, GoodsRow } from '../types';
import {
  DEMO_ENTERPRISE_BENEFITS,
  DEMO_WITHOUT_VAT_BENEFITS,
  DEMO_ZERO_VAT_BENEFITS,
  type DemoBenefit,
} from './benefits';

// Deterministic demo rows: the same every run, no randomness. Codes follow the real 17-digit MXIK
// structure (group 3 + class 2 + position 3 + subposition 3 + variant 6). Where a code comes from a
// public payload (shared/data/mxik_sample.json) it is used as is; the rest are synthetic demo codes.

interface Category {
  /** First 11 digits: group, class, position, subposition. */
  prefix: string;
  ru: string;
  uz: string;
  benefit: number;
}

const WITHOUT_VAT_CATEGORIES: Category[] = [
  { prefix: '03304020001', ru: 'Антисептик для рук', uz: "Qo'l uchun antiseptik", benefit: 0 },
  { prefix: '03004001001', ru: 'Парацетамол, таблетки', uz: 'Paratsetamol, tabletkalar', benefit: 0 },
  { prefix: '03004002001', ru: 'Ибупрофен, таблетки', uz: 'Ibuprofen, tabletkalar', benefit: 0 },
  { prefix: '03004003001', ru: 'Амоксициллин, капсулы', uz: 'Amoksitsillin, kapsulalar', benefit: 0 },
  { prefix: '03005001001', ru: 'Шприц одноразовый', uz: 'Bir martalik shprits', benefit: 0 },
  { prefix: '03005002001', ru: 'Бинт марлевый медицинский', uz: 'Tibbiy doka bint', benefit: 0 },
  { prefix: '08601001001', ru: 'Услуги стоматологические', uz: 'Stomatologiya xizmatlari', benefit: 1 },
  {
    prefix: '08601002001',
    ru: 'Услуги лабораторной диагностики',
    uz: 'Laboratoriya diagnostikasi xizmatlari',
    benefit: 1,
  },
  {
    prefix: '08501001001',
    ru: 'Услуги дошкольного образования',
    uz: "Maktabgacha ta'lim xizmatlari",
    benefit: 2,
  },
  {
    prefix: '08502001001',
    ru: 'Услуги обучения на курсах иностранных языков',
    uz: "Chet tili kurslarida o'qitish xizmatlari",
    benefit: 2,
  },
  {
    prefix: '01901001001',
    ru: 'Детское питание, смесь молочная',
    uz: 'Bolalar ovqati, sutli aralashma',
    benefit: 3,
  },
  { prefix: '01902001001', ru: 'Подгузники детские', uz: 'Bolalar tagliklari', benefit: 3 },
  { prefix: '00101001001', ru: 'Живые лошади', uz: 'Tirik otlar', benefit: 4 },
  { prefix: '00702001001', ru: 'Картофель свежий', uz: 'Yangi kartoshka', benefit: 4 },
  { prefix: '00803001001', ru: 'Яблоки свежие', uz: 'Yangi olmalar', benefit: 4 },
  { prefix: '00401001001', ru: 'Молоко коровье сырое', uz: 'Xom sigir suti', benefit: 4 },
  { prefix: '04901001001', ru: 'Книги учебные печатные', uz: 'Bosma o‘quv kitoblari', benefit: 5 },
  {
    prefix: '04902001001',
    ru: 'Газеты и журналы периодические',
    uz: 'Davriy gazeta va jurnallar',
    benefit: 5,
  },
  {
    prefix: '10701001004',
    ru: 'Услуги аренды жилого помещения',
    uz: 'Turar joyni ijaraga berish xizmatlari',
    benefit: 6,
  },
  { prefix: '09603001001', ru: 'Услуги ритуальные', uz: 'Marosim xizmatlari', benefit: 7 },
];

const VARIANTS_RU = [
  'упаковка 10 шт',
  'упаковка 20 шт',
  'флакон 50 мл',
  'флакон 100 мл',
  'коробка 1 кг',
  'пакет 500 г',
  'штучно',
  'набор',
  'услуга (сум)',
  'бутылка 1 л',
  'коробка 250 г',
  'рулон',
  'комплект',
  'туба 30 г',
  'блистер №12',
  'ящик 10 кг',
];
const VARIANTS_UZ = [
  "o'ram 10 dona",
  "o'ram 20 dona",
  'flakon 50 ml',
  'flakon 100 ml',
  'quti 1 kg',
  'paket 500 g',
  'donalab',
  "to'plam",
  "xizmat (so'm)",
  'shisha 1 l',
  'quti 250 g',
  'rulon',
  'komplekt',
  'tuba 30 g',
  'blister №12',
  'yashik 10 kg',
];

const code = (prefix: string, variant: number) => `${prefix}${String(variant).padStart(6, '0')}`;

const SERVICE_VARIANTS_RU = [
  'автомобильным транспортом',
  'железнодорожным транспортом',
  'воздушным транспортом',
  'в контейнерах',
  'сборных грузов',
  'опасных грузов',
  'рефрижераторные',
  'негабаритных грузов',
  'почтовых отправлений',
  'с таможенным оформлением',
  'мультимодальные',
  'транзитом через Узбекистан',
];
const SERVICE_VARIANTS_UZ = [
  'avtomobil transportida',
  "temir yo'l transportida",
  'havo transportida',
  'konteynerlarda',
  "yig'ma yuklar",
  'xavfli yuklar',
  'refrijerator',
  "o'lchamdan tashqari yuklar",
  "pochta jo'natmalari",
  'bojxona rasmiylashtiruvi bilan',
  'multimodal',
  "O'zbekiston orqali tranzit",
];

function goodsFrom(
  categories: Category[],
  benefits: DemoBenefit[],
  perCategory: number,
  variantsRu = VARIANTS_RU,
  variantsUz = VARIANTS_UZ,
): GoodsRow[] {
  const rows: GoodsRow[] = [];
  categories.forEach((cat, ci) => {
    for (let v = 0; v < perCategory; v++) {
      // Every third row carries the Uzbek (Latin) name, as the classifier itself mixes scripts.
      const uzbek = (ci + v) % 3 === 2;
      const variant = uzbek ? variantsUz[v % variantsUz.length] : variantsRu[v % variantsRu.length];
      const benefit = benefits[cat.benefit % benefits.length];
      rows.push({
        catalogCode: code(cat.prefix, v + 1),
        catalogName: `${uzbek ? cat.uz : cat.ru}, ${variant}`,
        newLgotaId: benefit.id,
        lgotaName: benefit.nameRu,
        lgotaNameUz: benefit.nameUz,
      });
    }
  });
  return rows;
}

export function demoWithoutVat(): GoodsRow[] {
  return goodsFrom(WITHOUT_VAT_CATEGORIES, DEMO_WITHOUT_VAT_BENEFITS, 16); // 320 rows
}

const ZERO_VAT_CATEGORIES: Category[] = [
  {
    prefix: '10112008001',
    ru: 'Транспортно-логистические услуги. Оказание международных транспортных перевозок',
    uz: 'Transport-logistika xizmatlari. Xalqaro transport tashishlari',
    benefit: 0,
  },
  {
    prefix: '10112009001',
    ru: 'Услуги экспедирования международных грузов',
    uz: 'Xalqaro yuklarni ekspeditsiya qilish xizmatlari',
    benefit: 0,
  },
  {
    prefix: '10113001001',
    ru: 'Услуги по экспорту хлопкового волокна',
    uz: 'Paxta tolasini eksport qilish xizmatlari',
    benefit: 1,
  },
  {
    prefix: '10113002001',
    ru: 'Услуги по экспорту плодоовощной продукции',
    uz: 'Meva-sabzavot mahsulotlarini eksport qilish xizmatlari',
    benefit: 1,
  },
  {
    prefix: '10114001001',
    ru: 'Услуги транзитной железнодорожной перевозки',
    uz: "Tranzit temir yo'l tashish xizmatlari",
    benefit: 2,
  },
];

export function demoZeroVat(): GoodsRow[] {
  const rows = goodsFrom(
    ZERO_VAT_CATEGORIES,
    DEMO_ZERO_VAT_BENEFITS,
    12,
    SERVICE_VARIANTS_RU,
    SERVICE_VARIANTS_UZ,
  ); // 60 rows
  // The one code with a public name keeps exactly that name (mxik_sample.json, source S3).
  rows[0] = {
    ...rows[0],
    catalogCode: '10112008001000001',
    catalogName: 'Транспортно-логистические услуги Оказание международных транспортных перевозок',
  };
  return rows;
}

const FIRM_FORMS = ['MChJ', 'AJ', 'XK', 'OK', 'QK'];
const FIRM_WORDS = [
  'Farm',
  'Agro',
  'Tekstil',
  'Logistika',
  'Qurilish',
  'Savdo',
  'Energiya',
  'Mebel',
  'Oziq-ovqat',
  'Tibbiyot',
  'Avto',
  'Kimyo',
  'Poliplast',
  'Metall',
  'Sement',
  'Ipak',
];

function dateOf(year: number, month: number, day: number) {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function enterprises(tinBase: number, count: number, offset: number): EnterpriseRow[] {
  const rows: EnterpriseRow[] = [];
  for (let i = 0; i < count; i++) {
    const n = i + offset;
    const benefit = DEMO_ENTERPRISE_BENEFITS[n % DEMO_ENTERPRISE_BENEFITS.length];
    const beginYear = 2020 + (n % 6);
    const dateBegin = dateOf(beginYear, (n % 12) + 1, (n % 27) + 1);
    // A third run without an end date; the others end three to five years later.
    const dateEnd = n % 3 === 0 ? null : dateOf(beginYear + 3 + (n % 3), (n % 12) + 1, (n % 27) + 1);
    rows.push({
      tin: String(tinBase + i),
      name: `${FIRM_FORMS[n % FIRM_FORMS.length]} «Demo ${FIRM_WORDS[n % FIRM_WORDS.length]} ${String(i + 1).padStart(2, '0')}» (demo)`,
      newLgotaId: benefit.id,
      lgotaName: benefit.nameRu,
      lgotaNameUz: benefit.nameUz,
      lgotaId: `DEMO-OLD-${benefit.id.slice(5)}`,
      dateBegin,
      dateEnd,
    });
  }
  return rows;
}

/**
 * 80 sellers; TINs 303000001… in the organisation range. The demo organisations (the companies demo
 * users work for) take the first three places, so GetLgota has something to say about them.
 */
export function demoSellers(): EnterpriseRow[] {
  const rows = enterprises(303_000_001, 80, 0);
  DEMO_ORGANIZATIONS.forEach((org, i) => {
    rows[i] = { ...rows[i], tin: org.tin, name: org.name };
  });
  return rows;
}

export function demoBuyers(): EnterpriseRow[] {
  return enterprises(304_000_001, 80, 1);
}

const NOT_CONSIDERED = [
  {
    prefix: '02401001001',
    ru: 'Табачные изделия, сигареты с фильтром',
    uz: 'Tamaki mahsulotlari, filtrli sigaretalar',
  },
  { prefix: '02201001001', ru: 'Алкогольная продукция, водка', uz: 'Alkogol mahsulotlari, aroq' },
  { prefix: '02202001001', ru: 'Пиво солодовое', uz: 'Solodli pivo' },
  { prefix: '07101001001', ru: 'Ювелирные изделия из золота', uz: 'Oltindan zargarlik buyumlari' },
  { prefix: '08701001001', ru: 'Легковые автомобили', uz: 'Yengil avtomobillar' },
];

const REFINANCED = [
  {
    prefix: '04101001001',
    ru: 'Строительно-монтажные работы по возведению жилых зданий',
    uz: "Turar joy binolarini qurish bo'yicha qurilish-montaj ishlari",
  },
  {
    prefix: '04201001001',
    ru: 'Работы по строительству автомобильных дорог',
    uz: "Avtomobil yo'llarini qurish ishlari",
  },
  {
    prefix: '04301001001',
    ru: 'Работы по прокладке водопроводных сетей',
    uz: 'Suv quvuri tarmoqlarini yotqizish ishlari',
  },
  { prefix: '04302001001', ru: 'Электромонтажные работы', uz: 'Elektr montaj ishlari' },
  {
    prefix: '04303001001',
    ru: 'Работы по капитальному ремонту школ',
    uz: 'Maktablarni kapital tamirlash ishlari',
  },
];

function classifierRows(source: typeof NOT_CONSIDERED, perCategory: number): ClassifierRow[] {
  const rows: ClassifierRow[] = [];
  source.forEach((cat, ci) => {
    for (let v = 0; v < perCategory; v++) {
      const uzbek = (ci + v) % 3 === 2;
      rows.push({
        catalogCode: code(cat.prefix, v + 1),
        catalogName: `${uzbek ? cat.uz : cat.ru}, ${uzbek ? 'variant' : 'вариант'} ${v + 1}`,
      });
    }
  });
  return rows;
}

export function demoNotIncluded(): ClassifierRow[] {
  return classifierRows(NOT_CONSIDERED, 20); // 100 rows
}

export function demoCompensation(): ClassifierRow[] {
  return classifierRows(REFINANCED, 20); // 100 rows
}
