import type { Campaign } from '@stod/domain';
import { openModal } from '@stod/ui/modal-store.ts';
import i18next from 'i18next';
import { campaignPictureUrl } from './picture.ts';

export const CAMPAIGN_MODAL_TEST_ID = 'campaign-modal';

function CampaignPicture({ campaign }: { campaign: Campaign }) {
  const { image } = campaign;
  if (!image) return null;
  return (
    <img
      src={campaignPictureUrl(image.url)}
      alt={campaign.title}
      // The picture's own size keeps its room before it loads; a missing one is taken as 16:9.
      width={image.width ?? 16}
      height={image.height ?? 9}
      loading="lazy"
      decoding="async"
      className="block h-auto max-h-[40dvh] w-full bg-brand-soft object-cover"
    />
  );
}

/**
 * Spec §2 App shell: the campaign modal shows its picture, title and content, and 'Lat aftur'.
 * Escape, the backdrop and the back button close it the same way, so none of them brings the
 * campaign back at the next check. Loaded only when a campaign is about to open.
 */
export function openCampaignModal(campaign: Campaign, onClose: () => void): number {
  return openModal({
    testId: CAMPAIGN_MODAL_TEST_ID,
    title: campaign.title,
    media: campaign.image ? <CampaignPicture campaign={campaign} /> : undefined,
    body: <p className="whitespace-pre-line">{campaign.content}</p>,
    closeButton: false,
    onDismiss: onClose,
    actions: [{ label: i18next.t('campaigns.dismiss'), variant: 'primary', onPress: onClose }],
  });
}
