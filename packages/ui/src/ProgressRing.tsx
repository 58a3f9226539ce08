import type { ReactNode } from 'react';

interface ProgressRingProps {
  /** How far, from 0 to 1. */
  value: number;
  /** Read by screen readers as the progress bar's name. */
  label: string;
  /** Read instead of a percentage, e.g. '5 min eftir'. */
  valueText: string;
  /** The ring's colour (a CSS colour); the brand's by default. */
  color?: string;
  size?: number;
  children?: ReactNode;
  testId?: string;
}

const STROKE = 14;

/** A round progress bar with its figure in the middle, such as a wash's minutes left. */
export function ProgressRing({
  value,
  label,
  valueText,
  color = 'var(--brand-primary)',
  size = 232,
  children,
  testId,
}: ProgressRingProps) {
  const clamped = Math.min(1, Math.max(0, value));
  const radius = (size - STROKE) / 2;
  const circumference = 2 * Math.PI * radius;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped * 100)}
      aria-valuetext={valueText}
      data-testid={testId}
      className="relative flex items-center justify-center"
      style={{ width: size, height: size }}
    >
      <svg width={size} height={size} aria-hidden="true" className="-rotate-90">
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={STROKE}
          className="stroke-slate-200"
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke={color}
          strokeWidth={STROKE}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - clamped)}
          className="transition-[stroke-dashoffset] duration-700 ease-out motion-reduce:transition-none"
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center text-center">
        {children}
      </div>
    </div>
  );
}
