import {
  adminCampaignImageSchema,
  adminCampaignSchema,
  apiErrorSchema,
  type CampaignCreate,
} from '@stod/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API_BASE } from '../config.ts';
import { currentLocale } from '../i18n/index.ts';
import { apiRequest, unwrap } from './api.ts';
import { useSession } from './session.ts';

export const CAMPAIGN_PAGE = 20;
const campaignsKey = ['admin', 'campaigns'] as const;

export function useCampaigns(offset: number) {
  return useQuery({
    queryKey: [...campaignsKey, offset],
    queryFn: ({ signal }) =>
      unwrap(
        apiRequest(`/admin/campaigns?offset=${String(offset)}&take=${String(CAMPAIGN_PAGE)}`, {
          schema: z.object({ items: z.array(adminCampaignSchema), total: z.number().int() }),
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** A campaign's fields as the form sends them: an edit sends them all. */
export type CampaignDraft = Omit<CampaignCreate, 'position'> & { position: number };

/** Creates a campaign, or changes one (by its id). */
export function useSaveCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: CampaignDraft }) =>
      unwrap(
        apiRequest(id ? `/admin/campaigns/${id}` : '/admin/campaigns', {
          method: id ? 'PATCH' : 'POST',
          body: draft,
          schema: adminCampaignSchema,
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignsKey }),
  });
}

/** Ends a campaign now, or deletes it. */
export function useCampaignStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step }: { id: string; step: 'end' | 'delete' }) =>
      step === 'end'
        ? unwrap(
            apiRequest(`/admin/campaigns/${id}/end`, {
              method: 'POST',
              schema: adminCampaignSchema,
            }),
          )
        : unwrap(apiRequest(`/admin/campaigns/${id}`, { method: 'DELETE', schema: z.null() })),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignsKey }),
  });
}

export type UploadedImage = z.infer<typeof adminCampaignImageSchema>;

/**
 * Uploads a picture as its raw bytes (the API takes PNG, JPEG or WebP of at most 2 MB); answers
 * the stored picture, or the API's refusal in the console's language.
 */
export async function uploadCampaignImage(
  file: File,
): Promise<{ ok: true; image: UploadedImage } | { ok: false; message: string | null }> {
  const { token } = useSession.getState();
  const response = await fetch(`${API_BASE}/admin/campaigns/images`, {
    method: 'POST',
    headers: {
      'Content-Type': file.type || 'application/octet-stream',
      'Accept-Language': currentLocale(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: file,
  }).catch(() => null);
  if (!response) return { ok: false, message: null };
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const image = adminCampaignImageSchema.safeParse(body);
    return image.success ? { ok: true, image: image.data } : { ok: false, message: null };
  }
  const refusal = apiErrorSchema.safeParse(body);
  return { ok: false, message: refusal.success ? refusal.data.message : null };
}
