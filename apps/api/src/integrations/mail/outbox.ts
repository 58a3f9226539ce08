import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { Mailer } from './port.ts';

/** Without SMTP_URL, mail is kept in the database and shown at /api/dev/outbox. */
export function outboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
    close: () => Promise.resolve(),
  };
}
