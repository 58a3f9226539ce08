import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueFor, newAuthority, newKeyPair, newSerial } from './certificates.ts';

describe('certificate serials', () => {
  it('are 16 bytes, positive and minimally encoded: the first byte 0x40–0x7f', () => {
    for (let i = 0; i < 2000; i += 1) {
      const serial = newSerial();
      expect(serial).toMatch(/^[0-9a-f]{32}$/);
      const first = Number.parseInt(serial.slice(0, 2), 16);
      expect(first).toBeGreaterThanOrEqual(0x40);
      expect(first).toBeLessThanOrEqual(0x7f);
    }
  });

  it('make certificates OpenSSL reads, each with the serial it was given', () => {
    const authority = newAuthority({ commonName: 'Test CA', organization: 'Støð' });
    const keys = newKeyPair();
    const serials = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      const pem = issueFor(authority, {
        name: { commonName: `FOSTD${String(i)}`, organization: 'Støð' },
        publicKeyPem: keys.publicKeyPem,
        usage: 'client',
      });
      const read = new X509Certificate(pem);
      expect(read.serialNumber).toMatch(/^[4-7][0-9A-F]{31}$/);
      serials.add(read.serialNumber);
    }
    expect(serials.size).toBe(40);
  });
});
