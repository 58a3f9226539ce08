import type { BeverageMachineState } from '@stod/domain';
import { simClock, simListeners, type SimLog } from '../forecourt/sim-clock.ts';
import type {
  BeverageMachineEvent,
  BeverageMachinesPort,
  BeverageMachinesWithControls,
  PourAnswer,
} from './port.ts';

export interface BeverageMachineSimOptions {
  speed: number;
  log?: SimLog;
  /** How long a cup takes, in simulated seconds. */
  pourSeconds?: number;
}

interface Machine {
  state: BeverageMachineState;
  /** Whether the vendor's service reaches the machine. Offline it goes on pouring by itself. */
  online: boolean;
  /** Cups finished while offline, reported when the connection is back. */
  unreported: string[];
  /** The transactions it poured, newest last: the vendor's service answers for them later. */
  poured: string[];
  transactionId: string | null;
  url: string | null;
  expiresAt: number;
  timer: NodeJS.Timeout | null;
}

/** How many poured transactions a machine can still answer for. */
const POURED_KEPT = 500;

/** What a call to a machine that the network does not reach ends with. */
export class MachineUnreachable extends Error {
  constructor(machineId: string) {
    super(`coffee machine ${machineId} does not answer`);
    this.name = 'MachineUnreachable';
  }
}

/**
 * Coffee machines as the built-in simulator runs them: a machine shows a code while a drink
 * waits for payment (and goes back to idle when the code expires), pours for about 25 seconds,
 * shows "done" for a few seconds, and can be taken out of order (it then pours nothing). It can
 * lose its connection: calls to it then fail, while a cup already pouring goes on, and the
 * machine reports its state again when it is back.
 */
export function beverageMachineSim(options: BeverageMachineSimOptions) {
  const clock = simClock(options.speed);
  const events = simListeners<BeverageMachineEvent>(options.log);
  const machines = new Map<string, Machine>();
  const pourMs = (options.pourSeconds ?? 25) * 1000;

  const machineOf = (id: string) => {
    let machine = machines.get(id);
    if (!machine) {
      machine = {
        state: 'idle',
        online: true,
        unreported: [],
        poured: [],
        transactionId: null,
        url: null,
        expiresAt: 0,
        timer: null,
      };
      machines.set(id, machine);
    }
    return machine;
  };
  const tell = (id: string, machine: Machine) => {
    if (machine.online)
      events.emit({ machineId: id, state: machine.state, transactionId: machine.transactionId });
  };
  const reach = (id: string) => {
    const machine = machineOf(id);
    return machine.online ? Promise.resolve(machine) : Promise.reject(new MachineUnreachable(id));
  };
  const become = (id: string, machine: Machine, state: BeverageMachineState) => {
    machine.state = state;
    if (state === 'done' && machine.transactionId) {
      if (!machine.online) machine.unreported.push(machine.transactionId);
      machine.poured.push(machine.transactionId);
      if (machine.poured.length > POURED_KEPT) machine.poured.shift();
    }
    if (state === 'idle') {
      machine.transactionId = null;
      machine.url = null;
    }
    tell(id, machine);
  };

  const port: BeverageMachinesPort = {
    async showCode(machineId, transactionId, url, expiresAt) {
      const machine = await reach(machineId);
      if (machine.state === 'out of order' || machine.state === 'pouring') return;
      clock.cancel(machine.timer);
      machine.transactionId = transactionId;
      machine.url = url;
      machine.expiresAt = expiresAt.getTime();
      become(machineId, machine, 'awaiting payment');
      // The code goes when it expires: back to idle, unless it was paid for meanwhile.
      machine.timer = clock.after(
        Math.max(0, expiresAt.getTime() - Date.now()) * options.speed,
        () => {
          if (machine.state === 'awaiting payment' && machine.transactionId === transactionId)
            become(machineId, machine, 'idle');
        },
      );
    },
    pour(machineId, transactionId) {
      const machine = machines.get(machineId);
      if (machine && !machine.online) return Promise.reject(new MachineUnreachable(machineId));
      let answer: PourAnswer;
      if (!machine) answer = 'unknown';
      else if (machine.state === 'out of order') answer = 'out of order';
      else if (machine.transactionId !== transactionId) answer = 'busy';
      else if (machine.state === 'pouring' || machine.state === 'done') answer = 'pouring';
      else if (machine.state !== 'awaiting payment') answer = 'busy';
      else {
        clock.cancel(machine.timer);
        become(machineId, machine, 'pouring');
        machine.timer = clock.after(pourMs, () => {
          become(machineId, machine, 'done');
          machine.timer = clock.after(5_000, () => {
            become(machineId, machine, 'idle');
          });
        });
        answer = 'pouring';
      }
      return Promise.resolve(answer);
    },
    async transaction(machineId, transactionId) {
      const machine = await reach(machineId);
      if (machine.transactionId === transactionId && machine.state !== 'idle') {
        if (machine.state === 'out of order') return 'unknown';
        return machine.state;
      }
      return machine.poured.includes(transactionId) ? 'done' : 'unknown';
    },
    async state(machineId) {
      const machine = await reach(machineId);
      return { machineId, state: machine.state, transactionId: machine.transactionId };
    },
    subscribe: (listener) => events.subscribe(listener),
    close() {
      clock.close();
      events.clear();
      return Promise.resolve();
    },
  };

  return {
    ...port,
    /** The code a machine shows now, for the simulator page (null when it shows none). */
    codeOf(machineId: string) {
      const machine = machines.get(machineId);
      return machine?.state === 'awaiting payment' ? machine.url : null;
    },
    /** The machine as it stands, reached or not: for the simulator page, which shows both. */
    peek(machineId: string) {
      const { state, transactionId, online } = machineOf(machineId);
      return { state, transactionId, online };
    },
    /** Drops the machine's connection, or brings it back; back, it reports its state. */
    setOnline(machineId: string, online: boolean) {
      const machine = machineOf(machineId);
      if (machine.online === online) return;
      machine.online = online;
      if (!online) return;
      // A machine back online tells what it finished meanwhile, then how it stands.
      for (const transactionId of machine.unreported.splice(0))
        events.emit({ machineId, state: 'done', transactionId });
      tell(machineId, machine);
    },
    /** Takes a machine out of order, or back. */
    setOutOfOrder(machineId: string, out: boolean) {
      const machine = machineOf(machineId);
      clock.cancel(machine.timer);
      become(machineId, machine, out ? 'out of order' : 'idle');
    },
  };
}
export type BeverageMachineSim = ReturnType<typeof beverageMachineSim>;

/** The simulator's controls as the simulator page reaches any machine: asynchronously. */
export function machineControls(sim: BeverageMachineSim): BeverageMachinesWithControls {
  return {
    ...sim,
    view: (ids) => Promise.resolve(ids.map((id) => ({ ...sim.peek(id), code: sim.codeOf(id) }))),
    setOnline(id, online) {
      sim.setOnline(id, online);
      return Promise.resolve();
    },
    setOutOfOrder(id, out) {
      sim.setOutOfOrder(id, out);
      return Promise.resolve();
    },
  };
}
