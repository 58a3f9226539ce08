import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type HeaderValue = string | number | readonly string[];
/** One change helmet makes to a response's headers: one set, or one removed. */
type Step = readonly [name: string, value: HeaderValue | null];

/**
 * What helmet does to a response's headers with these options, recorded once on a private
 * instance: helmet does the same to every answer, but its plugin works it out anew, the policy
 * parsed again, on each request. Names keep the case helmet gives them.
 */
export async function helmetSteps(options: FastifyHelmetOptions): Promise<Step[]> {
  const probe = Fastify({ logger: false });
  const steps: Step[] = [];
  let recording = true;
  // Registered before helmet, so it sees every change helmet's hooks make; the route handler
  // ends the recording, before Fastify writes headers of its own.
  probe.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    const set = raw.setHeader.bind(raw);
    const remove = raw.removeHeader.bind(raw);
    raw.setHeader = (name, value) => {
      if (recording) steps.push([name, value]);
      return set(name, value);
    };
    raw.removeHeader = (name) => {
      if (recording) steps.push([name, null]);
      remove(name);
    };
    done();
  });
  await probe.register(helmet, options);
  probe.get('/', () => {
    recording = false;
    return '';
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (steps.length === 0) throw new Error('helmet set no headers');
  return steps;
}

/**
 * Helmet's headers on every answer of the app, as @fastify/helmet would set them with the same
 * options, worked out once at start-up instead of on each request.
 */
export const securityHeaders = fp<{ options: FastifyHelmetOptions }>(
  async (app: FastifyInstance, { options }) => {
    const steps = await helmetSteps(options);
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of steps) {
        if (value === null) raw.removeHeader(name);
        else raw.setHeader(name, value);
      }
      done();
    });
  },
  { name: 'stod-security-headers', fastify: '5.x' },
);
