import type { FastifyRequest } from 'fastify';
import { authOf } from '../../plugins/auth.ts';
import { stationScopeOf, type StationScope } from './service.ts';

/** The stations the caller of a staff route may see: every one for an operator. */
export function stationScope(request: FastifyRequest): Promise<StationScope> {
  return stationScopeOf(request.ctx.db, authOf(request));
}
