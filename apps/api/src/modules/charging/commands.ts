import type { ChargerCommand } from '../../platform/bus.ts';
import type { ServiceContext } from '../../platform/context.ts';
import {
  ChargerUnreachable,
  type ChargerCommands,
  type ChargerEvents,
  type CommandAnswer,
  type OcppCallAnswer,
} from '../../integrations/ocpp/port.ts';
import type { OcppEndpoint } from '../../integrations/ocpp/endpoint.ts';

const endpoints = new WeakMap<ServiceContext, OcppEndpoint>();

export function setEndpoint(ctx: ServiceContext, endpoint: OcppEndpoint) {
  endpoints.set(ctx, endpoint);
}

export const endpointOf = (ctx: ServiceContext) => endpoints.get(ctx) ?? null;

/** A charger's key in the holder registry. */
export const chargerKey = (identity: string) => `charger:${identity}`;

function run(
  commands: ChargerCommands,
  command: ChargerCommand,
): Promise<CommandAnswer | OcppCallAnswer> {
  switch (command.kind) {
    case 'remoteStart':
      return commands.remoteStart(command.connectorId, command.idTag, command.remoteStartId);
    case 'remoteStop':
      return commands.remoteStop(command.transactionId);
    case 'triggerStatus':
      return commands.triggerStatus(command.connectorId);
    case 'ocpp':
      return commands.call(command.action, command.payload);
  }
}

/**
 * A command for a charger from any process: through the process that holds its connection (the
 * holder registry, platform/devices.ts), which runs one OCPP call at a time on it. A charger no
 * process holds, or whose holder does not answer in time, is unreachable.
 */
export async function sendCommand(
  ctx: ServiceContext,
  identity: string,
  command: ChargerCommand,
): Promise<CommandAnswer> {
  try {
    return (await ctx.devices.calls.call(
      chargerKey(identity),
      command.kind,
      command,
    )) as CommandAnswer;
  } catch (error) {
    throw new ChargerUnreachable(identity, error);
  }
}

/**
 * Any call of a charger's protocol, from any process, through the process that holds it: what
 * the charger answered, or `offline` when no process holds it or its holder did not answer.
 */
export async function sendOcppCall(
  ctx: ServiceContext,
  identity: string,
  action: string,
  payload: unknown,
): Promise<OcppCallAnswer> {
  const command: ChargerCommand = { kind: 'ocpp', action, payload };
  try {
    return (await ctx.devices.calls.call(chargerKey(identity), action, command)) as OcppCallAnswer;
  } catch {
    return { outcome: 'offline' };
  }
}

/**
 * The charger events of the OCPP endpoint, with each connection claimed in the holder registry:
 * a newer connection of the same charger, on any process, takes it over and this one is closed.
 */
export function heldChargerEvents(ctx: ServiceContext, events: ChargerEvents): ChargerEvents {
  const held = new Map<string, { session: string; token: number; drop: () => void }>();
  const superseded = (key: string) => {
    if (!key.startsWith('charger:')) return;
    const identity = key.slice('charger:'.length);
    const mine = held.get(identity);
    if (!mine) return;
    held.delete(identity);
    mine.drop();
    endpointOf(ctx)?.drop(identity, mine.session);
  };
  ctx.devices.superseded.add(superseded);
  return {
    ...events,
    async connected(link) {
      const token = await ctx.devices.holders.claim(chargerKey(link.identity));
      held.get(link.identity)?.drop();
      const drop = ctx.devices.calls.hold(
        chargerKey(link.identity),
        token,
        async (_action, payload) => {
          const commands = endpointOf(ctx)?.commandsOf(link.identity);
          if (!commands) throw new ChargerUnreachable(link.identity);
          return run(commands, payload as ChargerCommand);
        },
      );
      held.set(link.identity, { session: link.session, token, drop });
      await events.connected(link);
    },
    async disconnected(link) {
      const mine = held.get(link.identity);
      if (mine?.session === link.session) {
        held.delete(link.identity);
        mine.drop();
        await ctx.devices.holders.release(chargerKey(link.identity), mine.token);
      }
      await events.disconnected(link);
    },
  };
}
