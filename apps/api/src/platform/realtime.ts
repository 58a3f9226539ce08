import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Server as HttpServer } from 'node:http';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { BusEventName, BusEvents } from './bus.ts';
import type { Auth, ServiceContext } from './context.ts';

/** Same origin as the API; the client library's default path. */
export const REALTIME_PATH = '/socket.io';

/**
 * What a client receives for a bus event: the event's user and the object it concerns, read
 * again from the database so the client gets what a GET would answer. `undefined` sends nothing
 * (the object was deleted in between). Each module that owns an object offers its projections.
 */
export type Projection<N extends BusEventName> = (
  ctx: ServiceContext,
  payload: BusEvents[N],
) => Promise<{ id: string; object: unknown } | undefined>;

/** The events that concern one user: only those reach clients. */
export type UserEventName = {
  [N in BusEventName]: BusEvents[N] extends { userId: string } ? N : never;
}[BusEventName];

export type Projections = { [N in UserEventName]?: Projection<N> };

/**
 * What staff hear: a staff socket joins the rooms `rooms` names for its session (its stations),
 * and each listed bus event reaches the rooms it names as a small notice (`event`, `data`);
 * the screen then reads what changed, so a notice lost while away costs nothing.
 */
export interface StaffRealtime {
  rooms: (auth: Auth) => Promise<string[]>;
  notices: {
    [N in BusEventName]?: (payload: BusEvents[N]) => {
      rooms: string[];
      event: string;
      data: unknown;
    };
  };
}

export interface RealtimeOptions {
  /** The session behind a bearer token, or null. */
  authenticate: (token: string) => Promise<Auth | null>;
  projections: Projections;
  staff?: StaffRealtime;
}

export const roomOf = (userId: string) => `user:${userId}`;

/** How long a socket's session is trusted before it is looked up again. */
const RECHECK_MS = 10_000;

export interface Realtime {
  io: Server;
  close(): Promise<void>;
}

declare module 'socket.io' {
  interface Socket {
    auth?: Auth;
  }
}

/**
 * Socket.IO on the API's own HTTP server. A socket is accepted only with a live session's bearer
 * token (`auth.token` in the handshake) and joins its user's room and no other, so each client
 * receives only its own objects' events. Each event is named by the object's id and carries the
 * object, then the bus event's name, so a client can listen to one object or to a kind.
 */
export function attachRealtime(
  server: HttpServer,
  ctx: ServiceContext,
  { authenticate, projections, staff }: RealtimeOptions,
): Realtime {
  const { config } = ctx;
  const io = new Server(server, {
    path: REALTIME_PATH,
    serveClient: false,
    // The app comes from this origin. The token is no cookie, so another site's page gains nothing
    // from opening a socket; long polling from another origin gets no CORS headers.
    cors: { origin: false },
    pingInterval: 25_000,
    pingTimeout: 20_000,
    // Other upgrades (chargers at /ocpp) are not the engine's to end; the app ends unknown ones.
    destroyUpgrade: false,
  });

  /** When each socket of this process last proved its session. */
  const checkedAt = new Map<string, number>();

  const redisClients: Redis[] = [];
  if (config.REDIS_URL) {
    const client = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    // The adapter duplicates the client for its readers without closing them; keep every copy to
    // close it with the app.
    const duplicate = client.duplicate.bind(client);
    client.duplicate = (...args: Parameters<Redis['duplicate']>) => {
      const copy = duplicate(...args);
      redisClients.push(copy);
      // The adapter subscribes without awaiting; an app closed at once would leave that promise
      // rejected ("Connection is closed") with nobody to hear it.
      const subscribe = copy.subscribe.bind(copy) as (...a: unknown[]) => Promise<unknown>;
      copy.subscribe = (...a: unknown[]) => {
        const pending = subscribe(...a);
        pending.catch((error: unknown) => {
          ctx.log.debug({ err: error }, 'realtime subscription ended with its connection');
        });
        return pending;
      };
      return copy;
    };
    client.on('error', (error) => {
      ctx.log.warn({ err: error }, 'realtime redis connection failed; it reconnects');
    });
    redisClients.push(client);
    io.adapter(
      createAdapter(client, {
        streamName: `${config.REDIS_KEY_PREFIX}socket.io`,
        sessionKeyPrefix: `${config.REDIS_KEY_PREFIX}sio:session:`,
      }),
    );
  }

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown>).token;
    if (typeof token !== 'string') {
      next(new Error('UNAUTHORIZED'));
      return;
    }
    authenticate(token)
      .then(async (auth) => {
        if (!auth) {
          next(new Error('UNAUTHORIZED'));
          return;
        }
        socket.auth = auth;
        // A staff socket's rooms are known before it connects: no notice falls in between.
        if (auth.role && staff) await socket.join(await staff.rooms(auth));
        next();
      })
      .catch((error: unknown) => {
        ctx.log.error({ err: error }, 'realtime authentication failed');
        next(new Error('UNAVAILABLE'));
      });
  });

  io.on('connection', (socket: Socket) => {
    if (socket.auth) void socket.join(roomOf(socket.auth.userId));
    checkedAt.set(socket.id, Date.now());
    socket.once('disconnect', () => checkedAt.delete(socket.id));
  });

  // A signed-out session's sockets close at once, on every process: the bus tells each one, and
  // the sockets of this process are dropped before any later event reaches them.
  const stopRevoked = ctx.bus.subscribe('session.revoked', ({ userId, sessionId, keep }) => {
    for (const socket of io.of('/').sockets.values()) {
      const auth = socket.auth;
      if (auth?.userId !== userId) continue;
      const ended = sessionId ? auth.sessionId === sessionId : auth.sessionId !== keep;
      if (ended) socket.disconnect(true);
    }
  });
  // A staff member's rooms follow their role and stations: a change closes their sockets, and
  // the console's reconnect joins the rooms the new role covers.
  const stopRoleChanged = ctx.bus.subscribe('user.roleChanged', ({ userId }) => {
    for (const socket of io.of('/').sockets.values()) {
      if (socket.auth?.userId === userId) socket.disconnect(true);
    }
  });

  /**
   * Whether a socket's session still stands. Ending a session closes its sockets through the
   * bus; an idle or too old session is found here, asked at most every RECHECK_MS per socket,
   * so twice-a-second litres do not cost a session lookup each.
   */
  const stillSignedIn = async (socket: Pick<Socket, 'id' | 'handshake'>) => {
    const last = checkedAt.get(socket.id) ?? 0;
    if (Date.now() - last < RECHECK_MS) return true;
    const token = (socket.handshake.auth as { token: string }).token;
    if (!(await authenticate(token))) return false;
    checkedAt.set(socket.id, Date.now());
    return true;
  };

  const unsubscribe = (Object.keys(projections) as UserEventName[]).map((name) => {
    // Each entry takes its own event's payload, which the bus hands it under the same name.
    const project = projections[name] as Projection<UserEventName>;
    return ctx.bus.subscribe(name, async (payload) => {
      const projected = await project(ctx, payload);
      if (!projected || projected.object === undefined) return;
      // The bus hands each event to every process; each tells only the sockets it holds, or a
      // client would hear it once per process through the adapter.
      const sockets = await io.local.in(roomOf(payload.userId)).fetchSockets();
      await Promise.all(
        sockets.map(async (socket) => {
          // A session signed out or expired since the handshake hears nothing more.
          if (!(await stillSignedIn(socket))) {
            socket.disconnect(true);
            return;
          }
          socket.emit(projected.id, projected.object, name);
        }),
      );
    });
  });

  // Each process tells the staff sockets it holds; a socket in several named rooms hears once.
  const stopNotices = Object.entries(staff?.notices ?? {}).map(([name, notice]) =>
    ctx.bus.subscribe(name as BusEventName, (payload) => {
      const told = (notice as (p: typeof payload) => ReturnType<NonNullable<typeof notice>>)(
        payload,
      );
      io.local.to(told.rooms).emit(told.event, told.data);
    }),
  );

  let closed: Promise<void> | undefined;
  return {
    io,
    close() {
      // io.close() would also close the HTTP server, which Fastify closes itself.
      closed ??= (async () => {
        for (const stop of unsubscribe) stop();
        for (const stop of stopNotices) stop();
        stopRevoked();
        stopRoleChanged();
        io.local.disconnectSockets(true);
        io.engine.close();
        await Promise.allSettled([io.of('/').adapter.close()]);
        for (const client of redisClients) client.disconnect();
      })();
      return closed;
    },
  };
}
