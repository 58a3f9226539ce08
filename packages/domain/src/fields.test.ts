import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { profileUpdateSchema, registerSchema } from './account.ts';
import {
  idField,
  idParam,
  INT4_MAX,
  intParam,
  isPlainText,
  multilineText,
  newPasswordField,
  plainText,
  presentPasswordField,
  requiredText,
} from './fields.ts';
import { deviceTokenSchema } from './notifications.ts';
import { listQuerySchema } from './receipts.ts';
import { upgradeSchema } from './subscriptions.ts';
import { voucherIssueSchema } from './vouchers.ts';
import { ownCardAddSchema, paymentAgreementSchema } from './wallet.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

const fieldMessages = (result: {
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('plain text', () => {
  it.each([
    ['NUL', 'Tórs\u0000havn'],
    ['a lone NUL', '\u0000'],
    ['an escape', 'a\u001b[31mb'],
    ['a tab', 'a\tb'],
    ['a line break', 'a\nb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udfffb'],
  ])('refuses %s with its own field message', (_, value) => {
    expect(isPlainText(value)).toBe(false);
    expect(firstMessage(requiredText(1, 50).safeParse(value))).toBe('validation.characters');
  });

  it('keeps Faroese letters, emoji and other scripts', () => {
    for (const value of ['Guðrun Ísaksen', 'Nólsoyar Páll', '🇫🇴 Støð 💥', 'Zoë', 'محمد', '東京']) {
      expect(requiredText(1, 50).parse(value)).toBe(value);
    }
  });

  it('trims spaces and pasted line breaks around a text, and still refuses controls inside it', () => {
    expect(requiredText(2, 10).parse('  Vágur  ')).toBe('Vágur');
    expect(requiredText(2, 10).parse('\tVágur\r\n')).toBe('Vágur');
    expect(firstMessage(requiredText(2, 10).safeParse(' \n\t '))).toBe('validation.required');
    expect(requiredText(2, 10).safeParse(' Vá\u0000gur ').success).toBe(false);
  });

  it('refuses every string with a control character, and only those', () => {
    const control = fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f);
    fc.assert(
      fc.property(fc.string(), control, fc.string(), (a, c, b) => {
        const value = `${a}x${String.fromCharCode(c)}x${b}`;
        expect(plainText().safeParse(value).success).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const kept = s.trim();
        // eslint-disable-next-line no-control-regex -- the same class the rule refuses
        expect(plainText().safeParse(s).success).toBe(!/[\u0000-\u001f\u007f-\u009f]/.test(kept));
      }),
    );
  });

  it('a multi-line text keeps its line breaks and tabs, but not NUL', () => {
    const notice = multilineText(100);
    expect(notice.parse('Lokað í dag.\r\nOpið aftur í morgin.\n\tTakk!')).toContain('\n');
    expect(firstMessage(notice.safeParse('Lokað\u0000'))).toBe('validation.characters');
    expect(firstMessage(notice.safeParse('a\u000bb'))).toBe('validation.characters');
    expect(firstMessage(notice.safeParse('x'.repeat(101)))).toBe('validation.tooLong');
  });

  it('passwords take any character, since they are only ever hashed', () => {
    expect(newPasswordField.safeParse('sterkt\u0000loyniord\t').success).toBe(true);
    expect(presentPasswordField.safeParse('sterkt\u0000loyniord').success).toBe(true);
  });
});

describe('schemas built on plain text', () => {
  const profile = {
    name: 'Guðrun Hansen',
    address: 'Niels Finsens gøta 5',
    postCode: '100',
    city: 'Tórshavn',
    mobile: '291234',
  };

  it('registration and profile refuse NUL on the field that has it', () => {
    const register = registerSchema.safeParse({
      ...profile,
      city: 'Tórs\u0000havn',
      email: 'a@b.fo',
      password: 'sterkt-loyniord',
      passwordConfirmation: 'sterkt-loyniord',
      terms: true,
    });
    expect(fieldMessages(register)).toEqual({ city: 'validation.characters' });
    const update = profileUpdateSchema.safeParse({ ...profile, address: '\u0000\u0000' });
    expect(fieldMessages(update)).toEqual({ address: 'validation.characters' });
  });

  it('the payment agreement, card names, voucher orders and device tokens refuse NUL', () => {
    const agreement = paymentAgreementSchema.safeParse({
      fullName: 'Guðrun\u0000',
      email: 'a@b.fo',
      phone: '+298 291234',
      registrationNumber: '6460',
      accountNumber: '1234567890',
    });
    expect(fieldMessages(agreement)).toEqual({ fullName: 'validation.characters' });
    const card = ownCardAddSchema.safeParse({ cardNumber: '7077000000000000', name: 'Bil\u0000' });
    expect(fieldMessages(card).name).toBe('validation.characters');
    const order = voucherIssueSchema.safeParse({
      kind: 'value',
      name: 'Jól\u0000',
      amount: 10_000,
      codeType: 'pin',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(fieldMessages(order)).toEqual({ name: 'validation.characters' });
    const device = deviceTokenSchema.safeParse({
      token: 'abc\u0000',
      deviceId: 'd1',
      deviceMeta: { platform: 'web', osVersion: '1', model: 'x', isVirtual: false },
    });
    expect(fieldMessages(device)).toEqual({ token: 'validation.characters' });
  });
});

describe('integers fit the database', () => {
  it('a body id is a positive int4', () => {
    expect(idField.parse(1)).toBe(1);
    expect(idField.parse(INT4_MAX)).toBe(INT4_MAX);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 1e10, Number.MAX_SAFE_INTEGER, '1', null]) {
      expect(idField.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('a path or query id arrives as text and is bounded the same way', () => {
    expect(idParam.parse('2147483647')).toBe(INT4_MAX);
    expect(idParam.parse('7')).toBe(7);
    for (const bad of ['1e10', '2147483648', '99999999999999999999', '0', '-1', '1.5', '', 'x']) {
      expect(firstMessage(idParam.safeParse(bad)), bad).toBe('validation.invalid');
    }
  });

  it('never lets a number beyond int4 through, whatever its form', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.bigInt().map(String), fc.string()), (value) => {
        const parsed = intParam().safeParse(value);
        if (parsed.success) {
          expect(Number.isInteger(parsed.data)).toBe(true);
          expect(parsed.data).toBeGreaterThanOrEqual(0);
          expect(parsed.data).toBeLessThanOrEqual(INT4_MAX);
        }
      }),
    );
  });

  it('an upgrade to {"subscriptionId":2147483648} is a field error', () => {
    expect(fieldMessages(upgradeSchema.safeParse({ subscriptionId: 2_147_483_648 }))).toEqual({
      subscriptionId: 'validation.invalid',
    });
    expect(upgradeSchema.parse({ subscriptionId: 3 })).toEqual({ subscriptionId: 3 });
  });

  it('lists page within int4 and take at most 100', () => {
    expect(listQuerySchema.parse({})).toEqual({ offset: 0, take: 20 });
    expect(listQuerySchema.parse({ offset: '40', take: '100' })).toEqual({ offset: 40, take: 100 });
    expect(fieldMessages(listQuerySchema.safeParse({ offset: '2147483648', take: '101' }))).toEqual(
      { offset: 'validation.invalid', take: 'validation.invalid' },
    );
  });
});
