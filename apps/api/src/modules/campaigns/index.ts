import type { ModuleDefinition } from '../../platform/modules.ts';
import { campaignRoutes as routes } from './routes.ts';
export { campaignImageUrl, storeImage } from './service.ts';
export { readImageInfo, type ImageInfo } from './image-info.ts';

export const campaignsModule: ModuleDefinition = { name: 'campaigns', routes: [routes] };
