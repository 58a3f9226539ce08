import { createHash } from 'node:crypto';
import type { Locale, Receipt } from '@stod/domain';
import { AppError } from '../../lib/errors.ts';
import { PoolFullError, workerPool } from '../../platform/worker-pool.ts';
import type { ReceiptPdfs, RenderedPdf } from '../../platform/receipt-pdfs.ts';
import type { Brand } from './pdf.ts';
import type { PdfJob } from './pdf-worker.ts';

export type { ReceiptPdfs, RenderedPdf };

export interface ReceiptPdfOptions {
  workers: number;
  queueMax: number;
  perUser: number;
  cacheBytes: number;
  brand: Brand;
}

/**
 * Rendering a receipt takes tens of milliseconds of CPU; on the event loop, a burst of them
 * starved every other request. Renders go to a small worker pool, each user has a few at a time,
 * and a receipt never changes, so its PDF is kept in a small LRU, bounded in bytes.
 */
export function receiptPdfs(options: ReceiptPdfOptions): ReceiptPdfs {
  const pool = workerPool<PdfJob, Uint8Array>({
    entry: new URL('./pdf-worker.ts', import.meta.url),
    size: options.workers,
    maxQueue: options.queueMax,
  });
  const cache = new Map<string, RenderedPdf>();
  let cacheBytes = 0;
  const pending = new Map<string, Promise<RenderedPdf>>();
  const perUser = new Map<string, number>();
  let renders = 0;

  const remember = (key: string, pdf: RenderedPdf) => {
    if (pdf.body.byteLength > options.cacheBytes) return;
    cache.set(key, pdf);
    cacheBytes += pdf.body.byteLength;
    // Map keeps insertion order, and a hit re-inserts its entry: the first key is the coldest.
    for (const [oldest, entry] of cache) {
      if (cacheBytes <= options.cacheBytes) break;
      cache.delete(oldest);
      cacheBytes -= entry.body.byteLength;
    }
  };

  const renderNew = async (key: string, userId: string, receipt: Receipt, locale: Locale) => {
    const running = perUser.get(userId) ?? 0;
    if (running >= options.perUser)
      throw new AppError(429, 'RATE_LIMITED', 'error.rateLimited', undefined, {
        'retry-after': '1',
      });
    perUser.set(userId, running + 1);
    try {
      renders += 1;
      const bytes = await pool.run({ receipt, locale, brand: options.brand });
      const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      const pdf = { body, etag };
      remember(key, pdf);
      return pdf;
    } catch (error) {
      if (error instanceof PoolFullError) {
        renders -= 1;
        const seconds = Math.max(1, Math.ceil((error.waiting * 0.05) / options.workers));
        throw new AppError(503, 'BUSY', 'error.tryAgain', undefined, {
          'retry-after': String(seconds),
        });
      }
      throw error;
    } finally {
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
    }
  };

  return {
    render(userId, receipt, locale) {
      // Receipt ids are unguessable and checked for ownership before this; the key needs no user.
      const key = `${receipt.id}:${locale}`;
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return Promise.resolve(hit);
      }
      const joined = pending.get(key);
      if (joined) return joined;
      const started = renderNew(key, userId, receipt, locale);
      pending.set(key, started);
      const forget = () => pending.delete(key);
      started.then(forget, forget);
      return started;
    },
    stats: () => {
      const pooled = pool.stats();
      return {
        renders,
        inFlight: pooled.busy + pooled.waiting,
        waiting: pooled.waiting,
        cached: cache.size,
        cacheBytes,
      };
    },
    close: () => pool.close(),
  };
}
