import { randomUUID } from 'node:crypto';
import type { ChargerCommand } from '../../platform/bus.ts';
import type { ServiceContext } from '../../platform/context.ts';
import {
  ChargerUnreachable,
  type ChargerCommands,
  type CommandAnswer,
} from '../../integrations/ocpp/port.ts';
import type { OcppEndpoint } from '../../integrations/ocpp/endpoint.ts';

/**
 * Commands to chargers from any process: run on the connection if this process holds it, else
 * sent over the bus to the process that does (with REDIS_URL), whose answer comes back the same
 * way. A charger nobody holds, or that does not answer in time, is unreachable.
 */

const endpoints = new WeakMap<ServiceContext, OcppEndpoint>();

export function setEndpoint(ctx: ServiceContext, endpoint: OcppEndpoint) {
  endpoints.set(ctx, endpoint);
}

export const endpointOf = (ctx: ServiceContext) => endpoints.get(ctx) ?? null;

function run(commands: ChargerCommands, command: ChargerCommand): Promise<CommandAnswer> {
  switch (command.kind) {
    case 'remoteStart':
      return commands.remoteStart(command.connectorId, command.idTag, command.remoteStartId);
    case 'remoteStop':
      return commands.remoteStop(command.transactionId);
    case 'triggerStatus':
      return commands.triggerStatus(command.connectorId);
  }
}

const waiting = new Map<string, (answer: CommandAnswer | 'unreachable') => void>();

export async function sendCommand(
  ctx: ServiceContext,
  identity: string,
  command: ChargerCommand,
): Promise<CommandAnswer> {
  const local = endpointOf(ctx)?.commandsOf(identity);
  if (local) {
    try {
      return await run(local, command);
    } catch (error) {
      throw new ChargerUnreachable(identity, error);
    }
  }
  if (!ctx.config.REDIS_URL) throw new ChargerUnreachable(identity);
  const requestId = randomUUID();
  const answer = new Promise<CommandAnswer | 'unreachable'>((resolve) => {
    const timer = setTimeout(
      () => {
        waiting.delete(requestId);
        resolve('unreachable');
      },
      (ctx.config.OCPP_CALL_TIMEOUT_SECONDS + 2) * 1000,
    );
    waiting.set(requestId, (value) => {
      clearTimeout(timer);
      waiting.delete(requestId);
      resolve(value);
    });
  });
  await ctx.bus.publish('charger.command', { requestId, identity, command });
  const result = await answer;
  if (result === 'unreachable') throw new ChargerUnreachable(identity);
  return result;
}

/**
 * Every process runs the commands for the chargers it holds and hears the answers to its own;
 * answers the function that stops listening.
 */
export function serveCommands(ctx: ServiceContext) {
  const stopCommands = ctx.bus.subscribe(
    'charger.command',
    async ({ requestId, identity, command }) => {
      const local = endpointOf(ctx)?.commandsOf(identity);
      if (!local) return;
      let answer: CommandAnswer | 'unreachable';
      try {
        answer = await run(local, command);
      } catch {
        answer = 'unreachable';
      }
      await ctx.bus.publish('charger.commandResult', { requestId, answer });
    },
  );
  const stopResults = ctx.bus.subscribe('charger.commandResult', ({ requestId, answer }) => {
    waiting.get(requestId)?.(answer);
  });
  return () => {
    stopCommands();
    stopResults();
  };
}
