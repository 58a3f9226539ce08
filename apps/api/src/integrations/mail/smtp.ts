import nodemailer from 'nodemailer';
import type { Mailer } from './port.ts';

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
