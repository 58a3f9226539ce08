import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { cn } from './cn.ts';

type NoticeTone = 'error' | 'info' | 'success';

const tones: Record<NoticeTone, string> = {
  error: 'bg-red-50 text-red-900 ring-red-200',
  info: 'bg-sky-50 text-slate-900 ring-sky-200',
  success: 'bg-emerald-50 text-emerald-950 ring-emerald-200',
};

const icons = { error: CircleAlert, info: Info, success: CircleCheck } as const;

interface NoticeProps {
  tone?: NoticeTone;
  children: ReactNode;
  /** With a dismiss label, a close button is shown. */
  onDismiss?: () => void;
  dismissLabel?: string;
  testId?: string;
}

/** A message that stays in the page, unlike a toast: errors the user has to read and act on. */
export function Notice({ tone = 'info', children, onDismiss, dismissLabel, testId }: NoticeProps) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn('flex items-start gap-3 rounded-2xl py-2 pr-2 pl-4 ring-1', tones[tone])}
    >
      <Icon size={20} aria-hidden="true" className="mt-2.5 shrink-0" />
      <div className="flex-1 py-2 text-sm font-medium">{children}</div>
      {onDismiss && dismissLabel && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={dismissLabel}
          className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-black/5"
        >
          <X size={18} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

interface RetryNoticeProps {
  text: string;
  retryLabel: string;
  onRetry: () => void;
  pending?: boolean;
  testId?: string;
}

/** A part of the screen that failed to load, with a button to try again. */
export function RetryNotice({ text, retryLabel, onRetry, pending, testId }: RetryNoticeProps) {
  return (
    <Notice tone="error" {...(testId ? { testId } : {})}>
      <p>{text}</p>
      <Button
        variant="secondary"
        block={false}
        className="mt-3"
        onClick={onRetry}
        {...(pending === undefined ? {} : { pending })}
      >
        {retryLabel}
      </Button>
    </Notice>
  );
}
