import type { BeverageMachineState } from '@stod/domain';
import { simClock, simListeners, type SimLog } from '../forecourt/sim-clock.ts';
import type { BeverageMachineEvent, BeverageMachinesPort, PourAnswer } from './port.ts';

export interface BeverageMachineSimOptions {
  speed: number;
  log?: SimLog;
  /** How long a cup takes, in simulated seconds. */
  pourSeconds?: number;
}

interface Machine {
  state: BeverageMachineState;
  transactionId: string | null;
  url: string | null;
  expiresAt: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Coffee machines as the built-in simulator runs them: a machine shows a code while a drink
 * waits for payment (and goes back to idle when the code expires), pours for about 25 seconds,
 * shows "done" for a few seconds, and can be taken out of order (it then pours nothing).
 */
export function beverageMachineSim(options: BeverageMachineSimOptions) {
  const clock = simClock(options.speed);
  const events = simListeners<BeverageMachineEvent>(options.log);
  const machines = new Map<string, Machine>();
  const pourMs = (options.pourSeconds ?? 25) * 1000;

  const machineOf = (id: string) => {
    let machine = machines.get(id);
    if (!machine) {
      machine = { state: 'idle', transactionId: null, url: null, expiresAt: 0, timer: null };
      machines.set(id, machine);
    }
    return machine;
  };
  const tell = (id: string, machine: Machine) =>
    events.emit({ machineId: id, state: machine.state, transactionId: machine.transactionId });
  const become = (id: string, machine: Machine, state: BeverageMachineState) => {
    machine.state = state;
    if (state === 'idle') {
      machine.transactionId = null;
      machine.url = null;
    }
    tell(id, machine);
  };

  const port: BeverageMachinesPort = {
    showCode(machineId, transactionId, url, expiresAt) {
      const machine = machineOf(machineId);
      if (machine.state === 'out of order' || machine.state === 'pouring') return Promise.resolve();
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
      return Promise.resolve();
    },
    pour(machineId, transactionId) {
      const machine = machines.get(machineId);
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
    state(machineId) {
      const machine = machineOf(machineId);
      return Promise.resolve({
        machineId,
        state: machine.state,
        transactionId: machine.transactionId,
      });
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
    /** Takes a machine out of order, or back. */
    setOutOfOrder(machineId: string, out: boolean) {
      const machine = machineOf(machineId);
      clock.cancel(machine.timer);
      become(machineId, machine, out ? 'out of order' : 'idle');
    },
  };
}
export type BeverageMachineSim = ReturnType<typeof beverageMachineSim>;
