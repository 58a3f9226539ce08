export { campaignRoutes } from './routes.ts';
export { campaignImageUrl, storeImage } from './service.ts';
export { readImageInfo, type ImageInfo } from './image-info.ts';
