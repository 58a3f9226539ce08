import { Button } from '@stod/ui/Button.tsx';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { cn } from '@stod/ui/cn.ts';
import { ChevronLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReactNode } from 'react';

/** A console page: its title and its content, in a readable column. */
export function Page({
  title,
  back,
  wide,
  children,
}: {
  title: string;
  /** Room for a table of many columns, such as the chargers. */
  wide?: boolean;
  /** A link up to the page this one belongs to, above the title. */
  back?: ReactNode;
  children: ReactNode;
}) {
  const heading = <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>;
  return (
    <div
      className={cn(
        'mx-auto flex w-full flex-col gap-6 px-5 py-6 md:px-8 md:py-10',
        wide ? 'max-w-6xl' : 'max-w-4xl',
      )}
    >
      {back ? (
        <div className="flex flex-col items-start gap-1">
          {back}
          {heading}
        </div>
      ) : (
        heading
      )}
      {children}
    </div>
  );
}

/** Rows shaped like the list that loads. */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full rounded-2xl" />
      ))}
    </div>
  );
}

/** Previous and next under a long list, with where in it the page is; nothing for one page. */
export function Pager({
  label,
  offset,
  page,
  total,
  onOffset,
}: {
  label: string;
  offset: number;
  page: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= page && offset === 0) return null;
  return (
    <nav className="flex items-center justify-between gap-3" aria-label={label}>
      <Button
        variant="secondary"
        block={false}
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - page))}
      >
        {t('vouchers.previous')}
      </Button>
      <span className="text-sm text-slate-700">
        {t('vouchers.page', { from: offset + 1, to: Math.min(offset + page, total), total })}
      </span>
      <Button
        variant="secondary"
        block={false}
        disabled={offset + page >= total}
        onClick={() => onOffset(offset + page)}
      >
        {t('vouchers.next')}
      </Button>
    </nav>
  );
}

/**
 * A wide table in a white card that scrolls sideways on a narrow screen rather than squeezing;
 * the keyboard can reach and scroll it too.
 */
export function TableCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      {children}
    </div>
  );
}

/** The way up to the list a page belongs to, above its title. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="-ml-2 flex min-h-11 items-center gap-1 rounded-xl px-2 text-base font-medium text-brand-strong hover:bg-brand-soft focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      <ChevronLeft size={20} aria-hidden="true" />
      {label}
    </Link>
  );
}
