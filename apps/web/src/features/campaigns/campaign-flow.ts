import { CAMPAIGN_MODAL_DELAY_MS, undismissedCampaigns, type Campaign } from '@stod/domain';
import { closeModal, useModalStore } from '@stod/ui/modal-store.ts';
import { currentLocale, loadTexts } from '../../i18n/index.ts';
import { isBelow, paths } from '../../lib/paths.ts';
import { queryClient } from '../../lib/query-client.ts';
import { onAppStateChange } from '../../platform/app.ts';
import { activeCampaignsQueryOptions } from './api/get-active-campaigns.ts';
import { readDismissed, storeDismissed } from './dismissed.ts';
import { preloadCampaignPicture } from './picture.ts';

/** What the flow holds between its steps; one signed-in session runs one flow. */
let running = false;
/** Bumped by each start and stop, so an answer that arrives after a stop is dropped. */
let generation = 0;
let waiting: ReturnType<typeof setTimeout> | null = null;
let openModalId: number | null = null;
let queue: Campaign[] = [];

/** A purchase is under way on screen: an advertisement waits until the customer leaves it. */
let held = false;

const busy = () => waiting !== null || openModalId !== null;
/** Another modal (a drink, a confirmation, the update) is not covered by an advertisement. */
const otherModalOpen = () => useModalStore.getState().modals.some((m) => !m.closing);

function wait(then: () => void) {
  waiting = setTimeout(() => {
    waiting = null;
    then();
  }, CAMPAIGN_MODAL_DELAY_MS);
}

/** Spec §4: the next campaign opens 2 seconds from now, if one remains. */
function scheduleNext() {
  const next = queue[0];
  if (!running || !next || busy()) return;
  if (next.image) preloadCampaignPicture(next.image.url);
  wait(() => void open(next));
}

async function open(campaign: Campaign) {
  if (otherModalOpen() || held) {
    wait(() => void open(campaign));
    return;
  }
  const started = generation;
  const [{ openCampaignModal }] = await Promise.all([
    import('./campaign-modal.tsx'),
    loadTexts('app'),
  ]);
  if (started !== generation || busy()) return;
  let closed = false;
  openModalId = openCampaignModal(campaign, () => {
    if (closed) return;
    closed = true;
    openModalId = null;
    queue = queue.filter((c) => c.id !== campaign.id);
    void storeDismissed(campaign.id).then(() => {
      if (started === generation) scheduleNext();
    });
  });
}

/**
 * The screens of a purchase (choosing and paying a fill, a wash, a charge or food, the sign-up's
 * payment step, adding a card): campaigns wait while one is open, however the customer came
 * there (a sign-in from the checkout starts the campaigns on the checkout itself).
 */
export function inPurchaseFlow(pathname: string): boolean {
  return [
    paths.fuelStations,
    paths.carwashStations,
    paths.chargingInstallations,
    paths.foodOrder,
    paths.register,
    paths.paymentMethods,
  ].some((root) => pathname === root || isBelow(pathname, root));
}

/** Says whether the screen shows a purchase; the campaign waiting to open waits on while it does. */
export function holdCampaigns(hold: boolean): void {
  held = hold;
}

/**
 * Spec §4: asks for the active campaigns and schedules the first one not dismissed on this
 * device. Nothing happens while a campaign is open or about to open; a failed request is tried
 * again at the next check.
 */
export async function checkCampaigns(): Promise<void> {
  if (!running || busy()) return;
  const started = generation;
  const [campaigns, dismissed] = await Promise.all([
    queryClient.query(activeCampaignsQueryOptions(currentLocale())).catch(() => null),
    readDismissed(),
  ]);
  if (!campaigns || started !== generation || busy()) return;
  queue = undismissedCampaigns(campaigns, dismissed);
  scheduleNext();
}

/**
 * Starts the campaigns of a signed-in session: a check now, after startup, and one whenever the
 * app becomes active again. Answers the stop, which also closes an open campaign without
 * dismissing it (signing out is not 'Lat aftur').
 */
export function startCampaigns(): () => void {
  running = true;
  generation += 1;
  void checkCampaigns();
  const stopListening = onAppStateChange((active) => {
    if (active) void checkCampaigns();
  });
  return () => {
    stopListening();
    running = false;
    generation += 1;
    if (waiting) clearTimeout(waiting);
    waiting = null;
    if (openModalId !== null) closeModal(openModalId);
    openModalId = null;
    queue = [];
  };
}
