import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { holdCampaigns, inPurchaseFlow, startCampaigns } from './campaign-flow.ts';

/**
 * Spec §4 Startup: the campaigns of a signed-in user. The shell mounts this, loaded on its own,
 * while someone is signed in; it renders nothing, the modal host shows the campaigns. None opens
 * over a purchase under way: it waits until the customer leaves its screens.
 */
export default function Campaigns() {
  const { pathname } = useLocation();
  useEffect(() => holdCampaigns(inPurchaseFlow(pathname)), [pathname]);
  useEffect(() => startCampaigns(), []);
  return null;
}
