import { isPlainText } from '@stod/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/** How deep a body is searched; no form of ours nests half as deep. */
const MAX_DEPTH = 16;

/**
 * The first field whose text holds a control character, if any, as a dotted path. Path and query
 * values are single lines; a body's texts may hold tabs and line breaks (a notice, a message).
 */
function controlField(value: unknown, multiline: boolean, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isPlainText(value, multiline) ? null : path || '_';
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [field, inner] of Object.entries(value)) {
    const found = controlField(inner, multiline, path ? `${path}.${field}` : field, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Path parameters, query values and bodies obey one rule: no control character (U+0000 above
 * all, which PostgreSQL refuses in text) and no lone surrogate. It is a 400 naming the field,
 * before any route's own validation, so no route can pass one to the database, whenever it was
 * added. Each field's own schema still says the same with its own message where it can.
 *
 * A protocol endpoint whose protocol words its own refusals (an OpenID Connect provider's
 * `invalid_request`, a redirect back to the app's outcome screen) sets `config.ownInputRules`,
 * checks its values itself, and is still swept by the path and query fuzz test.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if ((request.routeOptions.config as { ownInputRules?: boolean }).ownInputRules) {
      done();
      return;
    }
    const field =
      controlField(request.params, false) ??
      controlField(request.query, false) ??
      controlField(request.body, true);
    if (field)
      done(
        new AppError(400, 'VALIDATION', 'validation.form', { [field]: 'validation.characters' }),
      );
    else done();
  });
}
