import { request, type FullConfig } from '@playwright/test';
import { asOperator, endRunningCampaigns } from './campaign-fixtures.ts';

/**
 * Runs once the server is up (Playwright starts the webServer first): the suite's journeys start
 * with no campaign running, see campaign-fixtures.ts.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const api = await request.newContext({ baseURL: config.projects[0]?.use.baseURL });
  try {
    await endRunningCampaigns(api, await asOperator(api));
  } finally {
    await api.dispose();
  }
}
