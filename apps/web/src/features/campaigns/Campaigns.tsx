import { useEffect } from 'react';
import { startCampaigns } from './campaign-flow.ts';

/**
 * Spec §4 Startup: the campaigns of a signed-in user. The shell mounts this, loaded on its own,
 * while someone is signed in; it renders nothing, the modal host shows the campaigns.
 */
export default function Campaigns() {
  useEffect(() => startCampaigns(), []);
  return null;
}
