import type { Locale } from '@stod/domain';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { StaffRole } from '../db/schema/users.ts';
import type { Mailer } from '../integrations/mail/port.ts';
import type { IdentityProvider } from '../integrations/identity/port.ts';
import type { PaymentGateway } from '../integrations/payments/port.ts';
import type { ProviderCardsPort } from '../integrations/provider-cards/port.ts';
import type { ProviderStationsPort } from '../integrations/provider-stations/port.ts';
import type { Counter } from '../integrations/ratelimit/port.ts';
import type { ReceiptPdfs } from '../modules/receipts/index.ts';
import type { Bus } from '../platform/bus.ts';
import type { Jobs } from '../platform/jobs.ts';

export interface Auth {
  userId: string;
  sessionId: string;
  /** Staff have a role; a customer has none. */
  role: StaffRole | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    counter: Counter;
    providerStations: ProviderStationsPort;
    providerCards: ProviderCardsPort;
    gateway: PaymentGateway;
    identity: IdentityProvider;
    receiptPdfs: ReceiptPdfs;
    bus: Bus;
    jobs: Jobs<FastifyInstance>;
  }
  interface FastifyRequest {
    locale: Locale;
    auth: Auth | null;
  }
}
