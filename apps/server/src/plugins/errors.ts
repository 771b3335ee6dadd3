/**
 * Expected failures are AppErrors (../errors.ts) with a stable key from the contract's catalogue; this plugin
 * maps them (and Fastify's own errors) to the response envelope and its HTTP status. Anything
 * else is a programmer error: logged, answered 500, never shown to the member as prose.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCode, errorCatalogue, pickLanguage, serverMessage, type ApiResponse, type ErrorKey, type Language } from '@pp/contract';
import { AppError } from '../errors.ts';
import { faultPartOf, isClientAbort, type FaultMonitor } from './faults.ts';

export function languageOf(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}

export function errorBody(lang: Language, error: AppError): ApiResponse {
  const message = error.validation ? serverMessage(lang, error.validation, error.params) : serverMessage(lang, `errors.${error.key}`, error.params);
  return {
    code: error.key === 'auth.expired' ? ResponseCode.loginExpired : ResponseCode.error,
    message,
    data: null,
    error: error.key,
    ...(error.params ? { params: error.params } : {}),
    ...(error.field ? { field: error.field, validation: error.validation } : {}),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The error key this request was answered with, for the metrics (plugins/operations.ts). */
    errorKey?: ErrorKey;
  }
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  request.errorKey = error.key;
  return reply.code(errorCatalogue[error.key].status).send(errorBody(languageOf(request), error));
}

const fastifyCodes: Record<string, ErrorKey> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'envelope.required',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'envelope.required',
  FST_ERR_CTP_INVALID_JSON_BODY: 'envelope.required',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'envelope.malformed',
  FST_ERR_CTP_EMPTY_TYPE: 'envelope.required',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.tooLarge',
  FST_ERR_VALIDATION: 'request.invalid',
};

async function errorsPluginBody(app: FastifyInstance, options: { faults?: FaultMonitor }) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    // The client left before its body was in (an upload cut off): nobody is there to answer, and
    // nothing under the server failed, so it neither counts for readiness nor reads as one.
    if (isClientAbort(error) || request.raw.aborted) {
      request.log.info({ code: (error as { code?: unknown }).code }, 'client aborted the request');
      return sendError(request, reply, new AppError('request.invalid'));
    }
    // The database, Redis or the disk failed under this request (decision 036): a quick 503 the
    // member's page can explain, the process goes on, and readiness reports the part.
    const part = faultPartOf(error);
    if (part) {
      options.faults?.record(part, error);
      request.log.warn({ part, fault: (error as Error).message, code: (error as { code?: unknown }).code }, 'dependency fault; answered 503');
      reply.header('retry-after', '2');
      return sendError(request, reply, new AppError('server.unavailable'));
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) return sendError(request, reply, new AppError(mapped));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code: error.code }, 'client error');
      // Outside the API only static files answer; one they refuse (an encoded traversal, a NUL
      // byte, a backslash) is a page that does not exist, whatever the reason it was refused.
      // Decided by the matched route, not the URL's spelling (the router matched a decoded path).
      if (request.is404 || request.routeOptions.config.envelope === undefined) return sendError(request, reply, new AppError('route.notFound'));
      return sendError(request, reply, new AppError('request.invalid'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('server.internal'));
  });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError('route.notFound')));
}

/** Named: every module's plugin declares it as a dependency (server-module.ts). */
export const errorsPlugin = fp(errorsPluginBody, { name: 'errors' });
