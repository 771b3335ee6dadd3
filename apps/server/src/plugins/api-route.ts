/**
 * Registers one endpoint of the shared contract: POST at its path, session check for member
 * endpoints (before anything else, so an expired login is always 87321), body validated with
 * the contract's schema, answer parsed with the contract's response schema (which also drops
 * any field the contract does not name) and sealed with the request's key.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ResponseCode, endpoints, replayRules, serverMessage, type ApiResponse, type EndpointName, type Language } from '@pp/contract';
import { AppError } from '../errors.ts';
import { languageOf } from './errors.ts';
import { sealFor } from './envelope.ts';
import { bodyShapeProblem } from './body-shape.ts';
import { withinBudget } from './faults.ts';
import { roleCan, type StaffRole } from '@pp/contract';

/** The caller of a member or staff call, as the sessions module finds it from the bearer token. */
export interface SessionIdentity {
  sessionId: string;
  userId: string;
  loginType: 'USER' | 'STAFF';
}

/**
 * What the gate asks of the sessions module. The plugins sit below the modules, so the shape is
 * named here and app.ts passes the sessions module's service, which has it.
 */
export interface SessionGate {
  authenticate(request: FastifyRequest, loginType: SessionIdentity['loginType']): Promise<SessionIdentity>;
}

/** The staff member behind a staff session, checked on every call. */
export interface StaffIdentity {
  id: string;
  userName: string;
  role: StaffRole;
  sessionId: string;
  ip: string;
}

/** The staff member a back-office action is audited as: who, under which name, from where. */
export function actorOf(staff: { id: string; userName: string; ip: string }) {
  return { id: staff.id, name: staff.userName, ip: staff.ip };
}

/** Loads a staff member by id; null when unknown or disabled. */
export type StaffLookup = (staffId: string) => Promise<{ id: string; userName: string; role: StaffRole } | null>;

/** Records a sealed send of a `oncePerSend` endpoint where a forgetful nonce store cannot lose it (db/once.ts claimSend). */
export interface SendRecord {
  claim(scope: string, nonce: string): Promise<void>;
}

export interface RouteDeps {
  sessions: SessionGate;
  sends: SendRecord;
  staffLookup: StaffLookup;
  /**
   * A call not answered within this many ms is answered 503 server.unavailable (REQUEST_BUDGET_MS,
   * decision 036): the member's page says the outcome is unknown and a retry with the same
   * request id is safe. The work itself ends by the database's own timeouts.
   */
  budgetMs?: number;
}

export interface RouteContext<N extends EndpointName> {
  body: z.output<(typeof endpoints)[N]['request']>;
  request: FastifyRequest;
  lang: Language;
  /** The member's session on member endpoints; null on the others. */
  session: (typeof endpoints)[N]['auth'] extends 'member' ? SessionIdentity : null;
  /** The staff member on staff endpoints; null on the others. */
  staff: (typeof endpoints)[N]['auth'] extends 'staff' ? StaffIdentity : null;
}

type Handler<N extends EndpointName> = (context: RouteContext<N>) => Promise<z.input<(typeof endpoints)[N]['response']>>;

export function apiRoute<N extends EndpointName>(
  app: FastifyInstance,
  deps: RouteDeps,
  name: N,
  handler: Handler<N>,
  /**
   * Only for the benchmark's baseline: the same route under another prefix with plain JSON
   * data. Paths outside /api/ are never opened by the envelope, so production never uses this.
   */
  plainPrefix?: string,
  /**
   * An endpoint whose body may pass the envelope's 1 MiB (the uploads: decisions 016 and 023), and
   * what it answers for a body above its own limit instead of the generic request.tooLarge (an
   * upload says the file ceilings, in the member's language).
   */
  options: {
    bodyBytesMax?: number;
    bodyTooLarge?: () => AppError;
    /**
     * The answer carries a file (a receipt, a banner image) as sealed JSON: should anything ever
     * render the answer itself, it is a download, never sniffed, and runs nothing (decision 016).
     */
    isFileAnswer?: boolean;
  } = {},
): void {
  const endpoint = endpoints[name];
  // A larger body is read only for a live member session: the session is checked from the
  // headers before a byte of the body is, so nobody else can make the server take in megabytes.
  const bodyOptions = options.bodyBytesMax
    ? {
        bodyLimit: options.bodyBytesMax,
        onRequest: async (request: FastifyRequest) => {
          if (endpoint.auth === 'member') await deps.sessions.authenticate(request, 'USER');
          // A staff image upload (decision 023): a live staff session first, likewise.
          if (endpoint.auth === 'staff') await deps.sessions.authenticate(request, 'STAFF');
        },
        // Thrown on to the app's error handler (plugins/errors.ts), which answers every AppError.
        errorHandler: (error: Error & { code?: string }) => {
          throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && options.bodyTooLarge ? options.bodyTooLarge() : error;
        },
      }
    : {};
  const routeOptions = {
    ...bodyOptions,
    // The envelope plugin opens the body of every route declared sealed, by the matched route.
    config: { envelope: plainPrefix ? ('plain' as const) : ('sealed' as const) },
    ...(options.isFileAnswer
      ? {
          onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            reply.header('content-disposition', 'attachment; filename="file.json"');
            reply.header('x-content-type-options', 'nosniff');
            reply.header('content-security-policy', "default-src 'none'; sandbox; frame-ancestors 'none'");
            reply.header('cache-control', 'no-store');
            return payload;
          },
        }
      : {}),
  };
  app.post(plainPrefix ? `${plainPrefix}${endpoint.path}` : endpoint.path, routeOptions, (request, reply) =>
    // The budget started when the envelope was opened: its nonce write spent part of it.
    withinBudget(respond(request, reply), deps.budgetMs ? Math.max(1, (request.budgetDeadline ?? Date.now() + deps.budgetMs) - Date.now()) : 0),
  );

  async function respond(request: FastifyRequest, reply: FastifyReply) {
    const lang = languageOf(request);
    const session = endpoint.auth === 'member' ? await deps.sessions.authenticate(request, 'USER') : null;
    let staff: StaffIdentity | null = null;
    if (endpoint.auth === 'staff') {
      const staffSession = await deps.sessions.authenticate(request, 'STAFF');
      const found = await deps.staffLookup(staffSession.userId);
      if (!found) throw new AppError('auth.expired');
      if (!endpoint.permission || !roleCan(found.role, endpoint.permission)) throw new AppError('auth.forbidden');
      staff = { ...found, sessionId: staffSession.sessionId, ip: request.ip };
    }
    const shape = bodyShapeProblem(request.body);
    if (shape) throw new AppError('request.invalid', undefined, shape.field, shape.field ? 'errors.request.invalid' : undefined);
    const parsed = endpoint.request.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = issue?.message ?? '';
      throw new AppError('request.invalid', undefined, issue?.path.join('.') ?? '', message.startsWith('validation.') ? message : 'errors.request.invalid');
    }
    // The replay rule of the endpoint, at the one gate every call passes: a send that would make a
    // second thing, or hand out a second secret, is recorded by its nonce before the work.
    if (replayRules[name].rule === 'oncePerSend' && request.envelope) await deps.sends.claim(name, request.envelope.nonce);
    const data = await handler({
      body: parsed.data as RouteContext<N>['body'],
      request,
      lang,
      session: session as RouteContext<N>['session'],
      staff: staff as RouteContext<N>['staff'],
    });
    const answer = endpoint.response.parse(data);
    // Past its budget the call was answered 503 already; the work finished late (decision 036).
    if (reply.sent) return reply;
    if (plainPrefix) return reply.send({ code: ResponseCode.success, message: serverMessage(lang, 'success'), data: answer });
    const body: ApiResponse = { code: ResponseCode.success, message: serverMessage(lang, 'success'), data: sealFor(request, answer) };
    return reply.send(body);
  }
}
