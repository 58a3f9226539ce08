import {
  formatCurrency,
  monthRange,
  monthOf,
  previousMonth,
  translateServer,
  type Earnings,
  type Locale,
} from '@stod/domain';
import type { ServiceContext } from '../../platform/context.ts';
import { companyOf } from '../system/index.ts';
import { loadReceiptStylePdf } from '../receipts/index.ts';
import * as repo from './repo.ts';
import { ownedInstallation } from './service.ts';

/**
 * The owner's earnings: 0.2 kr. per kWh other users charged while the installation was public
 * (spec §9), and what shared users paid at the share's price. Credits are written when a charge
 * settles, so a month's figures are the credits written in it (Faroe time). After a month ends,
 * a job closes it into one payout per installation, scheduled for the owner.
 */

async function figures(ctx: ServiceContext, installationId: string, month: string) {
  const { from, to } = monthRange(month);
  const rows = await repo.creditsBetween(ctx.db, installationId, from, to);
  const of = (kind: 'public' | 'share') => rows.find((r) => r.kind === kind);
  const publicRow = of('public');
  const shareRow = of('share');
  const publicCredit = publicRow?.amount ?? 0;
  const sharedCredit = shareRow?.amount ?? 0;
  return {
    publicEnergyWh: publicRow?.energyWh ?? 0,
    publicCredit,
    sharedEnergyWh: shareRow?.energyWh ?? 0,
    sharedCredit,
    total: publicCredit + sharedCredit,
    charges: (publicRow?.n ?? 0) + (shareRow?.n ?? 0),
  };
}

export async function earnings(
  ctx: ServiceContext,
  userId: string,
  id: string,
  month: string,
): Promise<Earnings> {
  await ownedInstallation(ctx, userId, id);
  const payouts = await repo.payoutsOf(ctx.db, id);
  return {
    installationId: id,
    month,
    ...(await figures(ctx, id, month)),
    payouts: payouts.map((p) => ({
      id: p.id,
      month: p.month,
      amount: p.amount,
      state: p.state,
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
    })),
  };
}

const kwh = (wh: number, locale: Locale) =>
  `${(wh / 1000).toLocaleString(locale === 'fo' ? 'da-DK' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })} kWh`;

/** The month's statement as an A5 PDF in the receipt style. */
export async function statementPdf(
  ctx: ServiceContext,
  userId: string,
  id: string,
  month: string,
  locale: Locale,
) {
  const installation = await ownedInstallation(ctx, userId, id);
  const owner = await repo.userById(ctx.db, userId);
  const f = await figures(ctx, id, month);
  const payout = (await repo.payoutsOf(ctx.db, id)).find((p) => p.month === month);
  const brand = companyOf(ctx.config);
  const t = (key: Parameters<typeof translateServer>[0]) => translateServer(key, locale);
  const receiptStylePdf = await loadReceiptStylePdf();
  const { doc, row, rule, footer } = receiptStylePdf(`${t('statement.title')} ${month}`, brand);
  doc.font('bold').fontSize(16).text(brand.name);
  doc.moveDown(0.5);
  doc.font('bold').fontSize(12).text(t('statement.title'));
  doc.moveDown(0.5);
  doc.fillColor('#000000');
  const [year, mm] = month.split('-');
  row(t('statement.month'), `${mm ?? ''}.${year ?? ''}`);
  row(t('statement.installation'), installation.name);
  row(t('statement.owner'), owner?.name ?? '');
  rule();
  if (f.charges === 0) doc.font('body').fontSize(10).text(t('statement.none'));
  row(t('statement.publicEnergy'), kwh(f.publicEnergyWh, locale));
  row(t('statement.publicCredit'), formatCurrency(f.publicCredit), 1);
  row(t('statement.sharedEnergy'), kwh(f.sharedEnergyWh, locale));
  row(t('statement.sharedCredit'), formatCurrency(f.sharedCredit), 1);
  row(t('statement.charges'), String(f.charges));
  rule();
  row(t('statement.total'), formatCurrency(f.total), 0, 'bold');
  if (payout) row(t('statement.payout'), formatCurrency(payout.amount));
  return footer();
}

/** Closes the month before `now` into payouts; a payout per installation and month, once. */
export async function closeMonth(
  ctx: ServiceContext,
  month = previousMonth(monthOf(ctx.clock.now())),
) {
  const { from, to } = monthRange(month);
  const open = await repo.unclosedInstallations(ctx.db, month, from, to);
  for (const { installationId, ownerId } of open) {
    const f = await figures(ctx, installationId, month);
    await repo.insertPayout(ctx.db, {
      ownerId,
      installationId,
      month,
      energyWh: f.publicEnergyWh + f.sharedEnergyWh,
      amount: f.total,
    });
  }
  if (open.length > 0) ctx.log.info({ month, payouts: open.length }, 'a month of earnings closed');
  return open.length;
}
