import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { TestUser } from './fixtures.ts';

/** Screenshots kept as artefacts at 390×844 (engineering guide). */
export const shot = (name: string, fullPage = false) => ({
  path: fileURLToPath(new URL(`./artifacts/${name}.png`, import.meta.url)),
  animations: 'disabled' as const,
  fullPage,
});

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A provider card number: 7077, eleven random digits and the Luhn check digit. The card issuer
 * knows no such card: it is the made-up number the app must refuse.
 */
export function ownCardNumber(): string {
  const body = `7077${Array.from({ length: 11 }, () => String(Math.floor(Math.random() * 10))).join('')}`;
  for (let d = 0; d <= 9; d += 1) {
    if (luhnValid(`${body}${String(d)}`)) return `${body}${String(d)}`;
  }
  throw new Error('no check digit');
}

/** The same number with a wrong check digit. */
export function withWrongCheckDigit(number: string): string {
  const last = Number(number.at(-1));
  return `${number.slice(0, -1)}${String((last + 1) % 10)}`;
}

export interface PaymentMethodJson {
  id: string;
  kind: 'card' | 'own_card';
  last4: string;
  name: string | null;
  isFavourite: boolean;
  isActive: boolean;
  activeFrom: string;
}

/**
 * Cards the provider's card simulator is seeded with (apps/api/src/integrations/provider-cards).
 * Each can sit on one account only, and the suite shares one server: each is used by one test.
 */
export const SEEDED_OWN_CARDS = {
  /** Jógvan Joensen's: the wallet journey adds it with its PIN. */
  pin: { number: '7077000000000011', pin: '1234' },
  /** Guðrun Hansen's, reachable by text message at +298 22 22 22: the code journey. */
  code: { number: '7077000000000029', phone: '+298 22 22 22' },
  blocked: { number: '7077000000000052', pin: '5678' },
} as const;

export interface SimCard {
  number: string;
  pin: string;
  email: string | null;
  phone: string | null;
}

/** A fresh card from the simulator's back office, with a known PIN and holder. */
export async function issueSimCard(request: APIRequestContext): Promise<SimCard> {
  const response = await request.post('/api/sim/provider-cards/cards', { data: {} });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as SimCard;
}

/** The code in the newest text message or e-mail the card simulator sent to `to`. */
export async function codeSentTo(request: APIRequestContext, to: string): Promise<string> {
  const response = await request.get(
    `/api/sim/provider-cards/messages?to=${encodeURIComponent(to)}`,
  );
  const { items } = (await response.json()) as { items: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(items[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** Adds a provider card to the user's wallet with its PIN; a fresh simulator card by default. */
export async function addOwnCardViaApi(
  request: APIRequestContext,
  user: TestUser,
  card?: { number: string; pin: string },
): Promise<PaymentMethodJson> {
  const { number, pin } = card ?? (await issueSimCard(request));
  const response = await request.post('/api/payment-methods/stodkort/add', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { cardNumber: number, pin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as PaymentMethodJson;
}

export async function listViaApi(
  request: APIRequestContext,
  user: TestUser,
): Promise<{ items: PaymentMethodJson[]; agreement: { accountNumberMasked: string } | null }> {
  const response = await request.get('/api/payment-methods', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    items: PaymentMethodJson[];
    agreement: { accountNumberMasked: string } | null;
  };
}

/** Fills the gateway simulator's hosted card page and submits it. */
export async function enterCardOnHostedPage(page: Page, number: string): Promise<void> {
  await expect(page).toHaveURL(/\/api\/sim\/gateway\/checkout\//);
  await page.getByLabel('Kortnummar · Card number').fill(number);
  await page.getByLabel('Mánaður · Month').fill('12');
  await page.getByLabel('Ár · Year').fill(String(new Date().getFullYear() + 3));
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Goym kort · Save card' }).click();
}

/** Closes every toast, so a screenshot shows the screen itself. */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Lat boðini aftur' });
  while ((await close.count()) > 0) await close.first().click();
}
