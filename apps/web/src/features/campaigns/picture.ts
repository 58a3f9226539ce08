import { API_BASE } from '../../config.ts';

/**
 * A picture's URL as the API gives it is relative to the API's origin (`/api/campaigns/images/…`):
 * on the web the app's own, in the native shells the API host's. An absolute one (a CDN's) stays.
 */
export function campaignPictureUrl(url: string): string {
  return new URL(url, new URL(`${API_BASE}/`, window.location.href)).href;
}

/** Fetched while the modal waits, so the picture is there when it opens. */
export function preloadCampaignPicture(url: string): void {
  const image = new Image();
  image.decoding = 'async';
  image.src = campaignPictureUrl(url);
}
