/** One station in the payment provider's own list, keyed by the pump system's id. */
export interface ProviderStation {
  id: string;
  tokheim_station_id: string;
  name: string;
  merchantId: string;
  appPaymentEnabled: boolean;
  acceptedCards: string[];
}

export class ProviderUnavailableError extends Error {
  constructor(reason: string) {
    super(`payment provider unavailable: ${reason}`);
  }
}

export interface ProviderStationsPort {
  /** The provider's station list; throws ProviderUnavailableError when it cannot be had. */
  list(): Promise<ProviderStation[]>;
}
