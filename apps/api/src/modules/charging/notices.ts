import type { ServiceContext } from '../../platform/context.ts';
import type { ChargerLink, NoticeReport } from '../../integrations/ocpp/port.ts';
import * as txRepo from './tx-repo.ts';

/**
 * What a charger reports for the record: security events, log uploads, firmware states, charging
 * limits, a car's needs, answers to report requests, reservation ends.
 */

export async function notice(ctx: ServiceContext, link: ChargerLink, report: NoticeReport) {
  await txRepo.insertNotice(ctx.db, {
    chargerId: link.chargerId,
    kind: report.kind,
    type: report.type.slice(0, 100),
    detail: report.detail,
    at: report.timestamp,
  });
  const log = report.kind === 'security' ? ctx.log.warn.bind(ctx.log) : ctx.log.info.bind(ctx.log);
  log({ identity: link.identity, kind: report.kind, type: report.type }, 'charger notice');
}
