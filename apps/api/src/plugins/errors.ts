import {
  fieldErrorsFromIssues,
  translate,
  translateAny,
  type ApiError,
  type Locale,
} from '@stod/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

/** More than any form has: a body with thousands of bad fields gets this many back, not all. */
export const MAX_FIELD_ERRORS = 20;
/** Where a capped answer says how many fields it left out. */
export const MORE_FIELDS_KEY = '_more';
/** Field names come from the caller; a long one is cut rather than echoed whole. */
const MAX_FIELD_NAME = 100;

function capFieldErrors(all: Record<string, string>, locale: Locale): Record<string, string> {
  const entries = Object.entries(all);
  const kept = entries
    .slice(0, MAX_FIELD_ERRORS)
    .map(([field, message]): [string, string] => [
      field.length > MAX_FIELD_NAME ? `${field.slice(0, MAX_FIELD_NAME)}…` : field,
      message,
    ]);
  const left = entries.length - kept.length;
  if (left > 0) kept.push([MORE_FIELDS_KEY, translate('validation.more', locale, { count: left })]);
  return Object.fromEntries(kept);
}

function send(reply: FastifyReply, body: ApiError) {
  return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
}

function validationBody(error: FastifyError, locale: Locale): ApiError {
  const issues = hasZodFastifySchemaValidationErrors(error)
    ? error.validation.map((v) => ({
        code: v.keyword,
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'validation.invalid',
        keys: (v.params as { keys?: string[] }).keys,
      }))
    : [];
  return {
    statusCode: 400,
    code: 'VALIDATION',
    message: translate('validation.form', locale),
    fieldErrors: capFieldErrors(fieldErrorsFromIssues(issues, locale), locale),
  };
}

/** Known Fastify failures, mapped to the one error shape. */
const FASTIFY_ERRORS: Record<
  string,
  [number, string, 'error.malformed' | 'error.bodyTooLarge' | 'error.notFound']
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'MALFORMED', 'error.malformed'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'MALFORMED', 'error.malformed'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'MALFORMED', 'error.malformed'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'BODY_TOO_LARGE', 'error.bodyTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'error.malformed'],
  FST_ERR_VALIDATION: [400, 'MALFORMED', 'error.malformed'],
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale;
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const fieldErrors = error.fieldErrors
        ? capFieldErrors(
            Object.fromEntries(
              Object.entries(error.fieldErrors).map(([field, key]) => [
                field,
                translateAny(key, locale),
              ]),
            ),
            locale,
          )
        : undefined;
      return send(reply, {
        statusCode: error.statusCode,
        code: error.code,
        message: translateAny(error.messageKey, locale, error.detail?.params),
        ...(error.detail?.headerKey
          ? { header: translateAny(error.detail.headerKey, locale) }
          : {}),
        ...(fieldErrors ? { fieldErrors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error))
      return send(reply, validationBody(error, locale));
    if (error instanceof SyntaxError) {
      return send(reply, {
        statusCode: 400,
        code: 'MALFORMED',
        message: translate('error.malformed', locale),
      });
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) {
      const [statusCode, code, key] = known;
      return send(reply, { statusCode, code, message: translate(key, locale) });
    }
    if (error.statusCode === 429) {
      return send(reply, {
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: translate('error.rateLimited', locale),
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, {
        statusCode: error.statusCode,
        code: 'BAD_REQUEST',
        message: translate('error.malformed', locale),
      });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return send(reply, {
      statusCode: 500,
      code: 'INTERNAL',
      message: translate('error.code', locale, { code: request.id }),
    });
  });
}
