import { parseDismissedCampaigns } from '@stod/domain';
import { getPreference, setPreference } from '../../platform/preferences.ts';

const KEY = 'dismissedCampaigns';

/** Spec §3: the ids of the campaigns dismissed on this device. */
export async function readDismissed(): Promise<string[]> {
  return parseDismissedCampaigns(await getPreference(KEY));
}

/** 'Lat aftur' keeps the campaign's id on the device, so it does not open again. */
export async function storeDismissed(id: string): Promise<void> {
  const dismissed = await readDismissed();
  if (dismissed.includes(id)) return;
  await setPreference(KEY, JSON.stringify([...dismissed, id]));
}
