import { Button } from '@stod/ui/Button.tsx';
import { RetryNotice } from '@stod/ui/Notice.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

// The parts every panel of the finance screen shares.

/** A button that fetches one of the API's files and says so if it could not. */
export function DownloadButton({
  label,
  fetchFile,
}: {
  label: string;
  fetchFile: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    const done = await fetchFile();
    setBusy(false);
    if (!done) showToast('error', t('finance.downloadFailed'));
  };
  return (
    <Button
      block={false}
      variant="secondary"
      pending={busy}
      icon={<Download size={18} aria-hidden="true" />}
      onClick={() => void download()}
    >
      {label}
    </Button>
  );
}

/** The report could not be read: said, with a retry. */
export function Failed({ onRetry, pending }: { onRetry: () => void; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <RetryNotice
      text={t('finance.loadFailed')}
      retryLabel={t('finance.retry')}
      onRetry={onRetry}
      pending={pending}
    />
  );
}

/** One figure with its label, large. */
export function Figure({
  label,
  value,
  testId,
}: {
  label: string;
  value: string;
  testId?: string;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
