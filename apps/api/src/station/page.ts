import Fastify from 'fastify';
import { SIM_DEVICES_PATH, simPage } from '../lib/sim-page.ts';

/** The parts of the platform's API the simulator page calls, which the station passes on. */
const FORWARDED = [`${SIM_DEVICES_PATH}/`, '/api/stations/'];

export interface StationPageOptions {
  /** The platform's HTTP address, e.g. http://127.0.0.1:3000. */
  platform: string;
  /** The product slug of the platform's station list (`PRODUCT_SLUG`). */
  productSlug: string;
  port: number;
  host: string;
}

/**
 * The simulator page, served by the station process that plays the devices: the person at the
 * station lifts a nozzle or plugs a car in here. Its calls go to the platform, whose development
 * routes reach the devices through the sites' connections, from whichever process serves them.
 */
export async function startStationPage(options: StationPageOptions) {
  const app = Fastify({ logger: false });
  const stationsUrl = `/api/stations/${options.productSlug}`;
  await app.register(simPage, {
    prefix: SIM_DEVICES_PATH,
    stationsUrl,
    beveragesUrl: `${stationsUrl}-beverages`,
  });
  app.get('/', (_request, reply) => reply.redirect(`${SIM_DEVICES_PATH}/`));
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });
  const forward = async (
    request: { url: string; method: string; body?: unknown; headers: Record<string, unknown> },
    reply: {
      code(status: number): unknown;
      header(name: string, value: string): unknown;
      send(body: Buffer): unknown;
    },
  ) => {
    const type = request.headers['content-type'];
    const answer = await fetch(`${options.platform}${request.url}`, {
      method: request.method,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
      ...(typeof request.body === 'string' ? { body: request.body } : {}),
    }).catch(() => null);
    if (!answer) {
      reply.code(502);
      reply.header('content-type', 'application/json; charset=utf-8');
      return reply.send(Buffer.from(JSON.stringify({ message: 'The platform does not answer.' })));
    }
    reply.code(answer.status);
    reply.header('content-type', answer.headers.get('content-type') ?? 'application/octet-stream');
    return reply.send(Buffer.from(await answer.arrayBuffer()));
  };
  for (const prefix of FORWARDED)
    app.route({
      method: ['GET', 'POST'],
      url: `${prefix}*`,
      handler: (request, reply) => forward(request, reply),
    });
  await app.listen({ port: options.port, host: options.host });
  return app;
}
