import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const etagOf = (json: string) => `W/"${createHash('sha1').update(json).digest('base64url')}"`;

/** Sets the headers of a cacheable read and answers whether the client already holds `etag`. */
function clientHolds(request: FastifyRequest, reply: FastifyReply, etag: string, maxAge: number) {
  void reply
    .header('etag', etag)
    .header('cache-control', `public, max-age=${String(maxAge)}, must-revalidate`)
    .header('vary', 'accept-language');
  const held = request.headers['if-none-match'];
  return Boolean(held?.split(',').some((tag) => tag.trim() === etag));
}

/**
 * Answers a cacheable read: a weak ETag over the body, and 304 when the client
 * already holds it. Reads may carry operator content in the request's language, so a cache
 * keeps one copy per Accept-Language.
 */
export function withEtag<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  body: T,
  maxAge = 60,
): T | FastifyReply {
  if (clientHolds(request, reply, etagOf(JSON.stringify(body)), maxAge)) {
    return reply.status(304).send();
  }
  return body;
}

interface HeldRead {
  json: string;
  etag: string;
  until: number;
}

/**
 * Public reads that every caller gets alike (the station list), kept by the process for
 * `ttlMs` as the bytes it sends and their ETag, so a burst of them costs one query and one
 * serialisation. Clients may already keep them `max-age` seconds, so a few seconds more in the
 * server changes nothing they could see; a write this process hears of calls `forget()` and the
 * next read is fresh. Callers asking while a read loads share it.
 */
export function heldReads(ttlMs: number, now: () => number = Date.now) {
  const held = new Map<string, HeldRead>();
  const loading = new Map<string, Promise<HeldRead>>();
  let generation = 0;

  const read = (key: string, load: () => Promise<unknown>): Promise<HeldRead> => {
    const kept = held.get(key);
    if (kept && kept.until > now()) return Promise.resolve(kept);
    const pending = loading.get(key);
    if (pending) return pending;
    const startedIn = generation;
    const next = load()
      .then((body) => {
        const json = JSON.stringify(body);
        const entry = { json, etag: etagOf(json), until: now() + ttlMs };
        // A write heard while this read ran may not be in it: answer it once, keep it not.
        if (startedIn === generation) held.set(key, entry);
        return entry;
      })
      .finally(() => {
        if (loading.get(key) === next) loading.delete(key);
      });
    loading.set(key, next);
    return next;
  };

  return {
    /**
     * Answers the read under `key`: 304 when the client holds it, else its JSON. `load` gives
     * the body as the route's response schema would send it.
     */
    async answer(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      load: () => Promise<unknown>,
      maxAge = 60,
    ) {
      const entry = await read(key, load);
      if (clientHolds(request, reply, entry.etag, maxAge)) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(entry.json);
    },
    /** Drops every kept read, and keeps none that was loading. */
    forget() {
      generation += 1;
      held.clear();
      loading.clear();
    },
  };
}
