import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { smtpMailer } from './smtp.ts';

interface Received {
  auth: string | null;
  from: string;
  to: string[];
  data: string;
}

const servers: { server: Server; sockets: Set<Socket> }[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(({ server, sockets }) => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

const addressOf = (line: string) => /<([^>]*)>/.exec(line)?.[1] ?? '';

/**
 * A mail server that speaks just enough SMTP (RFC 5321, AUTH PLAIN of RFC 4616) to take
 * messages, and refuses any recipient whose address starts with `nobody`.
 */
async function fakeMailServer() {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let auth: string | null = null;
    let current: Omit<Received, 'data' | 'auth'> = { from: '', to: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const command = (line: string) => {
      const [verb = '', ...rest] = line.split(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          return reply('250-mail.test\r\n250-AUTH PLAIN\r\n250 8BITMIME');
        case 'AUTH':
          auth = Buffer.from(rest[1] ?? '', 'base64').toString();
          return reply('235 2.7.0 accepted');
        case 'MAIL':
          current = { from: addressOf(line), to: [] };
          return reply('250 2.1.0 ok');
        case 'RCPT': {
          const to = addressOf(line);
          if (to.startsWith('nobody')) return reply('550 5.1.1 no such mailbox');
          current.to.push(to);
          return reply('250 2.1.5 ok');
        }
        case 'DATA':
          inData = true;
          return reply('354 go on');
        case 'QUIT':
          reply('221 2.0.0 bye');
          return socket.end();
        default:
          return reply('250 ok');
      }
    };
    reply('220 mail.test ESMTP');
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        const end = buffer.indexOf(inData ? '\r\n.\r\n' : '\r\n');
        if (end < 0) return;
        const text = buffer.slice(0, end);
        if (inData) {
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push({ ...current, auth, data: text });
          reply('250 2.0.0 queued');
        } else {
          buffer = buffer.slice(end + 2);
          command(text);
        }
      }
    });
  });
  servers.push({ server, sockets });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, port: (server.address() as AddressInfo).port };
}

describe('SMTP mailer', () => {
  it('sends through the server of the URL, signed in as its user, from the configured sender', async () => {
    const { received, port } = await fakeMailServer();
    const mailer = smtpMailer(
      `smtp://mailer:secret@127.0.0.1:${String(port)}`,
      'Stod <noreply@stod.test>',
    );
    try {
      await mailer.send({
        to: 'anna@example.test',
        subject: 'Reset your password',
        text: 'Open the link within an hour.',
        html: '<p>Open the link within an hour.</p>',
      });
    } finally {
      await mailer.close();
    }
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.auth).toBe('\0mailer\0secret');
    expect(mail?.from).toBe('noreply@stod.test');
    expect(mail?.to).toEqual(['anna@example.test']);
    expect(mail?.data).toMatch(/^From: Stod <noreply@stod\.test>$/m);
    expect(mail?.data).toMatch(/^To: anna@example\.test$/m);
    expect(mail?.data).toMatch(/^Subject: Reset your password$/m);
    expect(mail?.data).toContain('multipart/alternative');
    expect(mail?.data).toContain('<p>Open the link within an hour.</p>');
  });

  it('fails the send when the server refuses the recipient', async () => {
    const { received, port } = await fakeMailServer();
    const mailer = smtpMailer(`smtp://127.0.0.1:${String(port)}`, 'noreply@stod.test');
    try {
      await expect(
        mailer.send({ to: 'nobody@example.test', subject: 'Hello', text: 'Hello' }),
      ).rejects.toThrow(/550/);
    } finally {
      await mailer.close();
    }
    expect(received).toHaveLength(0);
  });
});
