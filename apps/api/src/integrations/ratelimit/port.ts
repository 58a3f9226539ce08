export interface Hit {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/** Fixed-window counters shared by every API process when they share a store. */
export interface Counter {
  hit(key: string, limit: number, windowSeconds: number): Promise<Hit>;
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
