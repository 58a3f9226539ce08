import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { runSteps, type Refusal, type Step } from './steps.ts';

class Declined extends Error {}

/** A log of what the steps did, and a step that takes something and can give it back. */
function taking(name: string, log: string[], fail?: Error): Step<string[]> {
  return {
    name,
    run: () => {
      if (fail) return Promise.reject(fail);
      log.push(name);
      return Promise.resolve();
    },
    undo: () => {
      log.push(`undo ${name}`);
      return Promise.resolve();
    },
    refusal: (error) =>
      error instanceof Declined
        ? {
            answer: new AppError(422, 'DECLINED', 'error.paymentUnsuccessful'),
            errorKey: `error.${name}`,
          }
        : null,
  };
}

describe('runSteps', () => {
  it('runs every step in order when none is refused', async () => {
    const log: string[] = [];
    const refused: Refusal[] = [];
    await runSteps('test', [taking('reserve', log), taking('hold', log)], log, (r) => {
      refused.push(r);
      return Promise.resolve();
    });
    expect(log).toEqual(['reserve', 'hold']);
    expect(refused).toEqual([]);
  });

  it('undoes the finished steps, last first, and answers the refusal', async () => {
    const log: string[] = [];
    const refused: string[] = [];
    const run = runSteps(
      'test',
      [
        taking('reserve', log),
        taking('hold', log),
        taking('authorise', log, new Declined()),
        taking('never', log),
      ],
      log,
      (r) => {
        refused.push(r.errorKey);
        log.push('refused');
        return Promise.resolve();
      },
    );
    await expect(run).rejects.toMatchObject({ code: 'DECLINED', statusCode: 422 });
    expect(log).toEqual(['reserve', 'hold', 'undo hold', 'undo reserve', 'refused']);
    expect(refused).toEqual(['error.authorise']);
  });

  it('undoes nothing on a fault: the error goes up as it is, for the steps to be run again', async () => {
    const log: string[] = [];
    const fault = new Error('no answer');
    const run = runSteps('test', [taking('reserve', log), taking('hold', log, fault)], log, () =>
      Promise.reject(new Error('not a refusal')),
    );
    await expect(run).rejects.toBe(fault);
    expect(log).toEqual(['reserve']);
  });

  it('a step without a refusal rule is never undone for its own error', async () => {
    const log: string[] = [];
    const plain: Step<string[]> = { name: 'plain', run: () => Promise.reject(new Declined()) };
    await expect(
      runSteps('test', [taking('reserve', log), plain], log, () => Promise.resolve()),
    ).rejects.toBeInstanceOf(Declined);
    expect(log).toEqual(['reserve']);
  });
});
