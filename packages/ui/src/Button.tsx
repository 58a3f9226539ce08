import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from './cn.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'inverse';

const base =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-2xl px-5 text-base font-semibold ' +
  'transition-colors duration-150 select-none focus-visible:outline-3 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-strong active:bg-brand-strong',
  secondary:
    'bg-white text-brand-strong ring-1 ring-slate-300 ring-inset hover:bg-slate-50 active:bg-slate-100',
  ghost: 'bg-transparent text-brand-strong hover:bg-brand-soft active:bg-brand-soft',
  danger: 'bg-red-700 text-white hover:bg-red-800 active:bg-red-800',
  inverse: 'bg-white text-night hover:bg-slate-100 active:bg-slate-200',
};

export function buttonClasses(variant: ButtonVariant = 'primary', block = true): string {
  return cn(base, variants[variant], block && 'w-full');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  pending?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** Pending buttons keep their label and show quiet dots instead of a spinner. */
export function Button({
  variant = 'primary',
  block = true,
  pending = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonClasses(variant, block), className)}
      disabled={disabled === true || pending}
      aria-busy={pending || undefined}
      {...rest}
    >
      {icon}
      <span>{children}</span>
      {pending && <PendingDots />}
    </button>
  );
}

function PendingDots() {
  return (
    <span aria-hidden="true" className="ml-1 inline-flex gap-1">
      <span className="pending-dot" />
      <span className="pending-dot [animation-delay:150ms]" />
      <span className="pending-dot [animation-delay:300ms]" />
    </span>
  );
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  block?: boolean;
  icon?: ReactNode;
}

export function ButtonLink({
  variant = 'primary',
  block = true,
  icon,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link className={cn(buttonClasses(variant, block), className)} {...rest}>
      {icon}
      <span>{children}</span>
    </Link>
  );
}
