import { describe, expect, it } from 'vitest';
import type { DeviceCalls } from '../device-calls/port.ts';
import { CarwashError } from '../carwash/port.ts';
import { ForecourtError } from '../forecourt/port.ts';
import { siteCarwash, siteForecourt } from './ports.ts';

/** A site that answers every call with the same payload, as a controller of another make might. */
const answering = (payload: unknown): DeviceCalls => ({
  hold: () => () => undefined,
  holds: () => false,
  call: () => Promise.resolve(payload),
  close: () => undefined,
});

describe("a site's journal answers", () => {
  it('a sale as the protocol states it is taken, its time as a date', async () => {
    const sale = {
      reference: 'tx-1',
      pump: 2,
      grade: 'Diesel',
      volumeMl: 20_125,
      unitPrice: 1_459,
      amount: 29_362,
      at: '2026-11-29T06:00:00+00:00',
    };
    const answer = await siteForecourt(answering({ state: 'sold', pump: 2, sale })).lookup(
      'TK1001',
      2,
      'tx-1',
    );
    expect(answer).toEqual({ state: 'sold', pump: 2, sale: { ...sale, at: new Date(sale.at) } });
  });

  it('an answer out of the protocol is no answer: the transaction is not ended by it', async () => {
    for (const bad of [
      { state: 'sold', pump: 2 },
      { state: 'sold', pump: 2, sale: { reference: 'tx-1', amount: '293.62' } },
      { state: 'fuelling', pump: 2, volumeMl: 12.5, amount: 100 },
      { state: 'gone' },
      null,
    ])
      await expect(siteForecourt(answering(bad)).lookup('TK1001', 2, 'tx-1')).rejects.toEqual(
        new ForecourtError('unreachable'),
      );
    await expect(
      siteCarwash(answering({ state: 'washing', bay: 1 })).lookup('TK1001', 1, 'tx-2'),
    ).rejects.toEqual(new CarwashError('unreachable'));
    await expect(
      siteCarwash(answering({ state: 'unknown' })).lookup('TK1001', 1, 'tx-2'),
    ).resolves.toEqual({ state: 'unknown' });
  });
});
