// Demo benefits. Ids start with DEMO- so they can never pass for the tax authority's identifiers.
// Only the international-transport wording comes from a public document (a Didox docs example citing
// art. 263 of the Tax Code); the others describe the kind of relief in plain words, without article
// numbers we could not verify.

export interface DemoBenefit {
  id: string;
  nameRu: string;
  nameUz: string;
}

export const DEMO_WITHOUT_VAT_BENEFITS: DemoBenefit[] = [
  {
    id: 'DEMO-101',
    nameRu: 'Демо-льгота: освобождение от НДС лекарственных средств и изделий медицинского назначения',
    nameUz: 'Demo imtiyoz: dori vositalari va tibbiy buyumlarni QQSdan ozod qilish',
  },
  {
    id: 'DEMO-102',
    nameRu: 'Демо-льгота: освобождение от НДС медицинских услуг',
    nameUz: 'Demo imtiyoz: tibbiy xizmatlarni QQSdan ozod qilish',
  },
  {
    id: 'DEMO-103',
    nameRu: 'Демо-льгота: освобождение от НДС услуг в сфере образования',
    nameUz: "Demo imtiyoz: ta'lim xizmatlarini QQSdan ozod qilish",
  },
  {
    id: 'DEMO-104',
    nameRu: 'Демо-льгота: освобождение от НДС товаров для детей',
    nameUz: 'Demo imtiyoz: bolalar tovarlarini QQSdan ozod qilish',
  },
  {
    id: 'DEMO-105',
    nameRu: 'Демо-льгота: освобождение от НДС сельскохозяйственной продукции собственного производства',
    nameUz: "Demo imtiyoz: o'z ishlab chiqargan qishloq xo'jaligi mahsulotlarini QQSdan ozod qilish",
  },
  {
    id: 'DEMO-106',
    nameRu: 'Демо-льгота: освобождение от НДС книжной продукции и периодических изданий',
    nameUz: 'Demo imtiyoz: kitob mahsulotlari va davriy nashrlarni QQSdan ozod qilish',
  },
  {
    id: 'DEMO-107',
    nameRu: 'Демо-льгота: освобождение от НДС услуг по аренде жилых помещений',
    nameUz: 'Demo imtiyoz: turar joylarni ijaraga berish xizmatlarini QQSdan ozod qilish',
  },
  {
    id: 'DEMO-108',
    nameRu: 'Демо-льгота: освобождение от НДС ритуальных услуг',
    nameUz: 'Demo imtiyoz: marosim xizmatlarini QQSdan ozod qilish',
  },
];

export const DEMO_ZERO_VAT_BENEFITS: DemoBenefit[] = [
  {
    id: 'DEMO-201',
    nameRu: '(ст.263 НК) пункт 1. Услуги по международной перевозке товаров (демо)',
    nameUz: '(SK 263-m.) 1-band. Tovarlarni xalqaro tashish xizmatlari (demo)',
  },
  {
    id: 'DEMO-202',
    nameRu: 'Демо-льгота: нулевая ставка НДС при экспорте товаров',
    nameUz: 'Demo imtiyoz: tovarlarni eksport qilishda QQSning nol stavkasi',
  },
  {
    id: 'DEMO-203',
    nameRu: 'Демо-льгота: нулевая ставка НДС для транзитных перевозок',
    nameUz: 'Demo imtiyoz: tranzit tashishlar uchun QQSning nol stavkasi',
  },
];

export const DEMO_ENTERPRISE_BENEFITS: DemoBenefit[] = [
  {
    id: 'DEMO-301',
    nameRu:
      'Демо-льгота: освобождение от НДС оборота по реализации товаров участника специальной экономической зоны',
    nameUz:
      'Demo imtiyoz: maxsus iqtisodiy zona ishtirokchisining tovarlar realizatsiyasini QQSdan ozod qilish',
  },
  {
    id: 'DEMO-302',
    nameRu: 'Демо-льгота: освобождение от НДС при ввозе технологического оборудования',
    nameUz: 'Demo imtiyoz: texnologik uskunalarni olib kirishda QQSdan ozod qilish',
  },
  {
    id: 'DEMO-303',
    nameRu: 'Демо-льгота: освобождение от НДС по решению Президента о поддержке отрасли',
    nameUz:
      "Demo imtiyoz: tarmoqni qo'llab-quvvatlash to'g'risidagi Prezident qarori bo'yicha QQSdan ozod qilish",
  },
  {
    id: 'DEMO-304',
    nameRu: 'Демо-льгота: нулевая ставка НДС на закупку сырья для экспортного производства',
    nameUz: 'Demo imtiyoz: eksport ishlab chiqarishi uchun xomashyo xaridiga QQSning nol stavkasi',
  },
];
