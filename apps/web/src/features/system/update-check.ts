import { isPostponed, nextDayStamp } from '@stod/domain';
import i18next from 'i18next';
import { APP_VERSION } from '../../config.ts';
import { queryClient } from '../../lib/query-client.ts';
import { openExternal, reloadApp } from '../../platform/browser.ts';
import { currentPlatform } from '../../platform/capacitor.ts';
import { getPreference, PREF_KEYS, setPreference } from '../../platform/preferences.ts';
import { openModal, useModalStore } from '@stod/ui/modal-store.ts';
import { appVersionQueryOptions } from './api/get-app-version.ts';

export const UPDATE_MODAL_ID = 'update-modal';

/** A reload on the web, past the service worker's cached build to the newest one. */
function reloadToNewest(): void {
  import('../../platform/service-worker.ts')
    .then((worker) => worker.reloadToNewest())
    .catch(() => reloadApp());
}

/**
 * Spec §2 App shell: an old version gets 'Nýggj dagføring'. 'Bíða til í morgin' stores the next
 * day's date and the check stays quiet until then, unless the server locks the version.
 */
export async function checkForUpdate(now = new Date()): Promise<void> {
  if (useModalStore.getState().modals.some((m) => m.testId === UPDATE_MODAL_ID)) return;
  const result = await queryClient
    .query(appVersionQueryOptions(currentPlatform(), APP_VERSION))
    .catch(() => null);
  if (!result?.updateRequired) return;
  if (!result.locked && isPostponed(await getPreference(PREF_KEYS.updatePostponedUntil), now)) {
    return;
  }
  const storeUrl = result.storeUrl;
  openModal({
    testId: UPDATE_MODAL_ID,
    title: i18next.t('update.title'),
    body: i18next.t('update.text'),
    dismissible: false,
    actions: [
      {
        label: i18next.t('update.get'),
        variant: 'primary',
        closes: false,
        // The web has no store: a reload fetches the newest build (through a new service worker).
        onPress: () => (storeUrl ? openExternal(storeUrl) : reloadToNewest()),
      },
      ...(result.locked
        ? []
        : [
            {
              label: i18next.t('update.postpone'),
              variant: 'secondary' as const,
              onPress: () =>
                setPreference(PREF_KEYS.updatePostponedUntil, nextDayStamp(new Date())),
            },
          ]),
    ],
  });
}
