import type { Receipt } from '@stod/domain';
import { describe, expect, it } from 'vitest';
import {
  flattenReceiptPages,
  nextReceiptsOffset,
  receiptFileName,
  RECEIPTS_PAGE_SIZE,
  type ReceiptPage,
} from './paging.ts';
import { receiptProductLine } from './summary.ts';

function receipt(id: string, overrides: Partial<Receipt> = {}): Receipt {
  return {
    id,
    createdAt: '2026-03-05T12:00:00Z',
    stationName: 'Støð Hoyvík',
    productType: 'Fuel',
    productDescription: 'NormalUnleaded',
    amount: 50378,
    vatAmount: 10076,
    currency: 'DKK',
    quantity: 42.37,
    unitPrice: 1189,
    data: {},
    ...overrides,
  };
}

const page = (ids: string[], total: number): ReceiptPage => ({
  items: ids.map((id) => receipt(id)),
  total,
});
const ids = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `r${String(from + i)}`);

describe('nextReceiptsOffset', () => {
  it('starts at 0 before any page', () => {
    expect(nextReceiptsOffset([])).toBe(0);
  });

  it('asks from the number of receipts loaded so far', () => {
    expect(nextReceiptsOffset([page(ids(0, 10), 22)])).toBe(10);
    expect(nextReceiptsOffset([page(ids(0, 10), 22), page(ids(10, 10), 22)])).toBe(20);
  });

  it('stops once every receipt is loaded', () => {
    const pages = [page(ids(0, 10), 22), page(ids(10, 10), 22), page(ids(20, 2), 22)];
    expect(nextReceiptsOffset(pages)).toBeUndefined();
    expect(nextReceiptsOffset([page(ids(0, 10), 10)])).toBeUndefined();
    expect(nextReceiptsOffset([page([], 0)])).toBeUndefined();
  });

  it('stops on an empty page even when the total says there are more', () => {
    expect(nextReceiptsOffset([page(ids(0, 10), 22), page([], 22)])).toBeUndefined();
  });

  it('follows the newest total', () => {
    expect(nextReceiptsOffset([page(ids(0, 10), 22), page(ids(10, 10), 20)])).toBeUndefined();
    expect(nextReceiptsOffset([page(ids(0, 10), 10), page(ids(10, 1), 12)])).toBe(11);
  });

  it('pages in steps the API accepts', () => {
    expect(RECEIPTS_PAGE_SIZE).toBeGreaterThan(0);
    expect(RECEIPTS_PAGE_SIZE).toBeLessThanOrEqual(100);
  });
});

describe('flattenReceiptPages', () => {
  it('keeps the order of the pages', () => {
    const list = flattenReceiptPages([page(['a', 'b'], 4), page(['c', 'd'], 4)]);
    expect(list.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lists a receipt that a newer one pushed onto the next page once', () => {
    const list = flattenReceiptPages([page(['a', 'b'], 5), page(['b', 'c'], 5)]);
    expect(list.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('receiptFileName', () => {
  it('names the PDF after the first 8 characters of the id', () => {
    expect(receiptFileName('5b0e7c52-3a4f-4c1e-9d7a-2f1e0c3b4a59')).toBe('kvittan-5b0e7c52.pdf');
  });
});

describe('receiptProductLine', () => {
  it('shows fuel under its Faroese name', () => {
    expect(receiptProductLine(receipt('f'), 'Brennievni', 'fo')).toBe('Brennievni · Blýfrítt 95');
  });

  it('names the car wash product, in English by its English name', () => {
    const wash = receipt('w', {
      productType: 'Carwash',
      productDescription: 'Vanlig vask',
      data: { descriptionEn: 'Basic wash' },
    });
    expect(receiptProductLine(wash, 'Bilvask', 'fo')).toBe('Bilvask · Vanlig vask');
    expect(receiptProductLine(wash, 'Car wash', 'en')).toBe('Car wash · Basic wash');
  });

  it('says the type once when the product only repeats it', () => {
    const charge = receipt('c', { productType: 'Charge', productDescription: 'Lading' });
    expect(receiptProductLine(charge, 'Lading', 'fo')).toBe('Lading');
    const food = receipt('m', { productType: 'Food', productDescription: 'matur' });
    expect(receiptProductLine(food, 'Matur', 'fo')).toBe('Matur');
    expect(receiptProductLine(receipt('e', { productDescription: ' ' }), 'Fuel', 'fo')).toBe(
      'Fuel',
    );
  });
});
