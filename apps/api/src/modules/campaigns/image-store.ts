/** Where a picture's bytes are, as its row records them. */
export interface StoredImage {
  bytes: Buffer | null;
  storageKey: string | null;
}

/**
 * Where campaign pictures' bytes are kept: the seam for object storage. The database keeps them
 * by default (`campaign_images.bytes`), so every API process serves the same picture with nothing
 * more to run. An object store (S3 and the like) implements the same two calls: `put` uploads the
 * bytes under a key made from their sha256 and answers that `storageKey` with no bytes, and `read`
 * fetches the object by its key. The row, its ETag and the picture's URL stay as they are.
 */
export interface CampaignImageStore {
  /** Keeps the bytes; answers what the picture's row records. */
  put(bytes: Buffer, meta: { sha256: string; contentType: string }): Promise<StoredImage>;
  /** A stored picture's bytes; null when they are gone. */
  read(stored: StoredImage): Promise<Buffer | null>;
}

export const databaseImageStore: CampaignImageStore = {
  put: (bytes) => Promise.resolve({ bytes, storageKey: null }),
  read: (stored) => Promise.resolve(stored.bytes),
};

/** The store in use. Object storage would be chosen here, from the configuration. */
export function campaignImageStore(): CampaignImageStore {
  return databaseImageStore;
}
