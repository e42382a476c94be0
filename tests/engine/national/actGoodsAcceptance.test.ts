import { describe, expect, it } from 'vitest';
import { detectKind, readReceived } from '../../../src/engine/national';

// A goods acceptance act as an operator signs it (schemas/documents/actGoodsAcceptance/README.md):
// lower-case keys in the order of the act edocs.uz roams, with values of Hujjat's own demo
// companies; numbers as numbers, unused parties as empty strings, the measure null.
const SIGNED =
  '{"actdoc": {"actno": "AGA-17","actdate": "2025-06-14"},"consigneename": "","sellertin": "301234567",' +
  '"shippername": "","sellername": "\\"Toshkent Savdo\\" MChJ","buyertin": "302345678",' +
  '"buyername": "\\"Samarqand Qurilish\\" AJ","shippertin": "","truckdoc": {"truckregno": "","truckmodel": ""},' +
  '"consigneetin": "","contractdoc": {"contractno": "27/2025","contractdate": "2025-02-01"},' +
  '"productlist": {"hasvat": true,"hasexcise": false,"products": [{"packagename": "шт.",' +
  '"catalogcode": "09800001009000000","ordno": 1,"count": 1,"packagecode": "1500242","exciserate": 0,' +
  '"vatrate": 12,"withoutvat": false,"totalsumwithvat": 7227024,"vatsum": 774324,"totalsum": 6452700,' +
  '"catalogname": "Dasturiy mahsulotlar","summa": 6452700,"measureid": null,"excisesum": 0,' +
  '"name": "Antivirus licence, 1 year, 40 seats"}],"hasfuel": false}}';

describe('a goods acceptance act made by another operator', () => {
  it('is told from the completion act it shares its act, contract and party fields with', () => {
    const view = detectKind(SIGNED);
    expect(view?.kind).toBe('actGoodsAcceptance');
  });

  it('reads with no warning and nothing unknown, under the kind’s names', () => {
    const view = readReceived('actGoodsAcceptance', SIGNED);
    expect(view.recognized).toBe(true);
    expect(view.warnings).toEqual([]);
    expect(view.extensions).toEqual([]);
    expect(view.content).toMatchObject({
      ActDoc: { ActNo: 'AGA-17', ActDate: '2025-06-14' },
      ShipperTin: '',
      ProductList: {
        HasFuel: false,
        Products: [{ TotalSum: 6452700, VatSum: 774324, TotalSumWithVat: 7227024 }],
      },
    });
    // A block of empty strings is an unused block, as operators send it.
    expect(view.content).not.toHaveProperty('TruckDoc');
  });

  it('warns where the act’s own arithmetic does not hold', () => {
    const view = readReceived('actGoodsAcceptance', SIGNED.replace('"vatsum": 774324', '"vatsum": 774000'));
    expect(view.warnings.map((w) => `${w.instancePath} ${w.keyword}`)).toEqual([
      '/ProductList/Products/0/VatSum lineArithmetic',
    ]);
  });
});
