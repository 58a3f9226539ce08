import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from './cn.ts';

interface ListItemProps {
  label: string;
  description?: string | undefined;
  icon?: ReactNode;
  to?: string;
  onClick?: () => void;
  tone?: 'default' | 'danger';
  trailing?: ReactNode;
  /** A button row that leads somewhere (a page, the card gateway): it has a link's chevron. */
  navigates?: boolean;
}

const rowClass =
  'flex min-h-14 w-full items-center gap-4 px-4 py-3 text-left transition-colors ' +
  'hover:bg-slate-50 active:bg-slate-100 focus-visible:outline-3 focus-visible:-outline-offset-3 ' +
  'focus-visible:outline-brand';

export function ListItem({
  label,
  description,
  icon,
  to,
  onClick,
  tone = 'default',
  trailing,
  navigates = false,
}: ListItemProps) {
  const content = (
    <>
      {icon && (
        <span
          aria-hidden="true"
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-xl',
            tone === 'danger' ? 'bg-red-50 text-red-700' : 'bg-brand-soft text-brand-strong',
          )}
        >
          {icon}
        </span>
      )}
      <span className="flex min-w-0 flex-1 flex-col">
        <span
          className={cn(
            'truncate text-base font-medium',
            tone === 'danger' ? 'text-red-700' : 'text-slate-900',
          )}
        >
          {label}
        </span>
        {description && <span className="truncate text-sm text-slate-600">{description}</span>}
      </span>
      {trailing ??
        ((to || navigates) && (
          <ChevronRight size={20} aria-hidden="true" className="text-slate-500" />
        ))}
    </>
  );
  if (to) {
    return (
      <Link to={to} className={rowClass}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" onClick={onClick} className={rowClass}>
      {content}
    </button>
  );
}

/** A rounded card holding rows separated by hairlines. */
export function ListGroup({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <section className="flex flex-col gap-2">
      {/* The login screen shows a group: Section (ui/Section.tsx) would add a chunk to its paint. */}
      {title && (
        <h2 className="px-1 text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {title}
        </h2>
      )}
      <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
        {children}
      </div>
    </section>
  );
}
