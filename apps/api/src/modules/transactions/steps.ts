import { crashPoint } from '../../lib/crash.ts';
import type { AppError } from '../../lib/errors.ts';

/**
 * A start is a list of steps, each with its undo: reserve → release, hold → void, authorise the
 * device → cancel it. Every step is keyed by the request it serves, so running the list again
 * (the customer's retry, the reconciliation after a crash) finds each finished step done and
 * goes on from the first that is not.
 */

/** A step's refusal in the customer's words, and the error the transaction keeps. */
export interface Refusal {
  answer: AppError;
  errorKey: string;
}

export interface Step<C, R extends Refusal = Refusal> {
  /** Names the step in logs and in the crash points of tests (`<scope>.after-<name>`). */
  name: string;
  run: (c: C) => Promise<void>;
  /** Gives back what `run` took, when a later step is refused. */
  undo?: (c: C) => Promise<void>;
  /**
   * Whether an error of `run` is a refusal (the gateway's decline, a device that says no), and
   * how it is answered. Anything else is a fault: nothing is undone and the steps are left to be
   * run again.
   */
  refusal?: (error: unknown) => R | null;
}

/**
 * Runs the steps in order. A refused step undoes the steps before it, last first; then
 * `refused` records why, and the refusal is the answer.
 */
export async function runSteps<C, R extends Refusal = Refusal>(
  scope: string,
  steps: readonly Step<C, R>[],
  c: C,
  refused: (refusal: R) => Promise<void>,
): Promise<void> {
  const done: Step<C, R>[] = [];
  for (const step of steps) {
    try {
      await step.run(c);
    } catch (error) {
      const refusal = step.refusal?.(error) ?? null;
      if (!refusal) throw error;
      for (const earlier of done.reverse()) await earlier.undo?.(c);
      await refused(refusal);
      throw refusal.answer;
    }
    crashPoint(`${scope}.after-${step.name}`);
    done.push(step);
  }
}
