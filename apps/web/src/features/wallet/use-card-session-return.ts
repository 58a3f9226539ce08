import type { MessageKey, PaymentMethod } from '@stod/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paymentMethodsQueryKey } from '../../lib/payment-methods.ts';
import { onAppStateChange } from '../../platform/app.ts';
import { cardSessionQueryOptions } from './api/get-card-session.ts';
import { cardSessionOutcome, type CardSessionOutcome } from './card-session.ts';
import { clearPendingSession, readPendingSession } from './pending-session.ts';

interface SessionCheck {
  id: string;
  returned: boolean;
}

/** Sessions already acted on, so a re-mount (or StrictMode's double effects) acts once. */
const handled = new Set<string>();

const PARAM = 'cardSession';
/** Added by the hosted page when the user cancelled there (`cancelled`). */
const OUTCOME = 'outcome';

/**
 * The screen the hosted card page returns to (`returnPath`). It finds the session in the URL
 * (`?cardSession=`, the page accepted a card) or in the pending store (the user came back some
 * other way), waits for the outcome, refreshes the list and calls `onSaved` once.
 */
export function useCardSessionReturn(
  returnPath: string,
  onSaved: (method: PaymentMethod | null) => void,
) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // Kept in state: taking the parameter out of the URL must not forget the session.
  const [session, setSession] = useState<SessionCheck | null>(() => {
    const fromUrl = params.get(PARAM);
    if (fromUrl) return { id: fromUrl, returned: true };
    const pending = readPendingSession(returnPath);
    return pending ? { id: pending, returned: false } : null;
  });
  const [dismissed, setDismissed] = useState<string | null>(null);

  const query = useQuery({
    ...cardSessionQueryOptions(session?.id ?? '', session?.returned ?? false),
    enabled: session !== null,
  });

  let outcome: CardSessionOutcome | null = null;
  if (session) {
    if (query.isError) outcome = { kind: 'error', message: 'error.cardToken' };
    else if (query.data)
      outcome = cardSessionOutcome(query.data.view, session.returned, query.data.polls);
    else outcome = { kind: 'pending' };
  }

  const settle = useEffectEvent((done: CardSessionOutcome) => {
    if (!session || handled.has(session.id)) return;
    handled.add(session.id);
    clearPendingSession();
    // The hosted page's return parameters are read once; a reload must not act on them again.
    if (params.has(PARAM) || params.has(OUTCOME)) {
      setParams(
        (p) => {
          p.delete(PARAM);
          p.delete(OUTCOME);
          return p;
        },
        { replace: true },
      );
    }
    if (done.kind === 'saved') {
      void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey });
      onSaved(done.paymentMethod);
    }
  });

  const settledKind = outcome && outcome.kind !== 'pending' ? outcome.kind : null;
  useEffect(() => {
    if (settledKind && outcome) settle(outcome);
    // `outcome` is derived from the two below; re-running on its identity would add nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledKind, session?.id]);

  // Back from the in-app browser (native) or from the browser's cache (web): look again.
  useEffect(() => {
    const recheck = () => {
      const pending = readPendingSession(returnPath);
      if (pending && !handled.has(pending)) setSession({ id: pending, returned: false });
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) recheck();
    };
    window.addEventListener('pageshow', onPageShow);
    const stop = onAppStateChange((active) => {
      if (active) recheck();
    });
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      stop();
    };
  }, [returnPath]);

  const error: MessageKey | null =
    outcome?.kind === 'error' && dismissed !== session?.id ? outcome.message : null;
  return {
    checking: outcome?.kind === 'pending',
    error,
    dismissError: () => setDismissed(session?.id ?? null),
  };
}
