import { CircleAlert, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

interface StateProps {
  title: string;
  text?: string | undefined;
  icon?: ReactNode;
  action?: ReactNode;
  tone?: 'light' | 'dark';
  /** h1 on screens without a header; h2 when the header already holds the page's h1. */
  level?: 1 | 2;
}

function StateBlock({ title, text, icon, action, tone = 'light', level = 1 }: StateProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 pt-[calc(env(safe-area-inset-top)+3rem)] pb-12 text-center">
      <span
        aria-hidden="true"
        className={cn(
          'flex size-16 items-center justify-center rounded-3xl',
          tone === 'dark' ? 'bg-white/10 text-white' : 'bg-brand-soft text-brand-strong',
        )}
      >
        {icon}
      </span>
      <Heading
        className={cn('text-xl font-semibold', tone === 'dark' ? 'text-white' : 'text-slate-900')}
      >
        {title}
      </Heading>
      {text && (
        <p
          className={cn(
            'max-w-xs text-base',
            tone === 'dark' ? 'text-slate-200' : 'text-slate-600',
          )}
        >
          {text}
        </p>
      )}
      {action && <div className="mt-2 w-full max-w-xs">{action}</div>}
    </div>
  );
}

export function EmptyState(props: StateProps) {
  return <StateBlock icon={<Inbox size={28} />} {...props} />;
}

export function ErrorState(props: StateProps) {
  return <StateBlock icon={<CircleAlert size={28} />} {...props} />;
}
