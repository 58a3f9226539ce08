import type { Receipt } from '@stod/domain';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { useCompany } from '../../../lib/company.ts';
import { ReceiptSlip } from '../../../lib/receipt-slip.tsx';

/** The torn lower edge of the paper: a row of small white teeth. */
const tornEdge: CSSProperties = {
  background:
    'conic-gradient(from -45deg at 50% 100%, #ffffff 90deg, transparent 0) 0 0 / 14px 100%',
};

/** The company's name, address, contacts and VAT number at the foot of the slip, as on the PDF. */
function CompanyFooter() {
  const company = useCompany().data;
  return (
    <footer className="flex flex-col gap-0.5 border-t border-dashed border-slate-300 pt-4 text-center text-xs text-slate-600">
      {company ? (
        <>
          <p className="font-medium">{company.legalName}</p>
          <address className="not-italic">
            {company.address} ·{' '}
            <a href={`tel:${company.phone.replace(/\s/g, '')}`} className="underline">
              {company.phone}
            </a>{' '}
            ·{' '}
            <a href={`mailto:${company.email}`} className="underline">
              {company.email}
            </a>
          </address>
          <p>{company.vatNumber}</p>
        </>
      ) : (
        <div className="flex flex-col items-center gap-1.5" aria-hidden="true">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-3 w-56" />
        </div>
      )}
    </footer>
  );
}

/** The receipt as a paper slip with the company's footer and a torn lower edge. */
export function ReceiptPaper({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  return (
    <div className="drop-shadow-md" data-testid="receipt-paper">
      <ReceiptSlip
        receipt={receipt}
        captions={{ lines: t('receipts.linesCaption'), totals: t('receipts.totalsCaption') }}
        testId="receipt"
        footer={<CompanyFooter />}
      />
      <div aria-hidden="true" className="h-2.5" style={tornEdge} />
    </div>
  );
}
