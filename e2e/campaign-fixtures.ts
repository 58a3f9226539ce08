import { expect, type APIRequestContext } from '@playwright/test';

// The demo seed's operator (docs/demo.md).
const OPERATOR = { email: 'operator@example.com', password: 'operator-password-1' };

export interface AdminCampaign {
  id: string;
  titleFo: string;
  titleEn: string;
  position: number;
  state: 'scheduled' | 'active' | 'ended';
  image: { url: string; width: number; height: number } | null;
}

/** The demo operator's bearer header, signed in through the API. */
export async function asOperator(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/signIn', { data: OPERATOR });
  expect(response.status(), await response.text()).toBe(200);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { Authorization: `Bearer ${token}` };
}

export async function allCampaigns(
  request: APIRequestContext,
  operator: Record<string, string>,
): Promise<AdminCampaign[]> {
  const response = await request.get('/api/admin/campaigns?take=100', { headers: operator });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: AdminCampaign[] }).items;
}

/**
 * Ends every running campaign. Each journey that signs in would otherwise meet the demo's
 * campaigns 2 seconds after startup, over whatever it looks at; campaigns.spec.ts opens them again
 * for its own journey and ends them when it is done.
 */
export async function endRunningCampaigns(
  request: APIRequestContext,
  operator: Record<string, string>,
): Promise<void> {
  for (const campaign of await allCampaigns(request, operator)) {
    if (campaign.state !== 'active') continue;
    const response = await request.post(`/api/admin/campaigns/${campaign.id}/end`, {
      headers: operator,
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}
