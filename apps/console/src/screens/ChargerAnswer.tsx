import { Notice } from '@stod/ui/Notice.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusOfAnswer, useSendCall, variableResults, type OcppCall } from '../lib/chargers.ts';

/** Answers that mean the charger did, or will do, what it was asked. */
const agreed = new Set(['Accepted', 'Unlocked', 'Scheduled', 'RebootRequired']);

export interface CallOutcome {
  action: string;
  /** The charger's CALLRESULT. */
  response?: unknown;
  /** Its CALLERROR, no answer, or a call the API refused, in the API's words. */
  error?: string;
}

/** One panel's calls: send one at a time, and keep what the charger answered the last. */
export function useChargerCall(identity: string) {
  const send = useSendCall(identity);
  const [outcome, setOutcome] = useState<CallOutcome | null>(null);
  const run = (call: OcppCall, onResult?: (response: unknown) => void) => {
    setOutcome(null);
    send.mutate(call, {
      onSuccess: (response) => {
        setOutcome({ action: call.action, response });
        onResult?.(response);
      },
      onError: (error) => setOutcome({ action: call.action, error: error.message }),
    });
  };
  return { run, pending: send.isPending, outcome, clear: () => setOutcome(null) };
}

/** What the charger answered the last call of a panel: its status, or why there was none. */
export function ChargerAnswer({
  outcome,
  onDismiss,
}: {
  outcome: CallOutcome | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  if (!outcome) return null;
  const status = outcome.error === undefined ? statusOfAnswer(outcome.response) : null;
  const variables = variableResults(outcome.response);
  const refused = outcome.error !== undefined || (status !== null && !agreed.has(status));
  return (
    <Notice
      tone={refused ? 'error' : 'success'}
      testId="charger-answer"
      onDismiss={onDismiss}
      dismissLabel={t('modal.close')}
    >
      <span className="font-semibold">{outcome.action}</span>
      {': '}
      {outcome.error ?? (status ? t('charger.answered', { status }) : t('charger.answeredDone'))}
      {outcome.error === undefined && variables.length > 0 && (
        <ul className="mt-1 font-mono text-sm" data-testid="variable-results">
          {variables.map((v) => (
            <li key={v.name}>
              {v.name}: {v.status}
              {v.value !== null && ` = ${v.value}`}
            </li>
          ))}
        </ul>
      )}
    </Notice>
  );
}
