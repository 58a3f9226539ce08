import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppState } from '../../lib/app-state.ts';
import { onBackButton, exitApp } from '../../platform/app.ts';
import { dismissTopModal } from '@stod/ui/modal-store.ts';
import { canGoBack } from './useGoBack.ts';

/** The native back button closes the top modal, else goes back one page unless back is off. */
export function useNativeBackButton(backAllowed: boolean): void {
  const navigate = useNavigate();
  const allowed = useRef(backAllowed);
  useEffect(() => {
    allowed.current = backAllowed;
  }, [backAllowed]);

  useEffect(
    () =>
      onBackButton(() => {
        if (dismissTopModal()) return;
        if (!allowed.current || useAppState.getState().disableBackButton) return;
        if (canGoBack()) void navigate(-1);
        else void exitApp();
      }),
    [navigate],
  );
}
