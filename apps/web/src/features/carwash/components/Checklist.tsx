import { Check as Tick } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@stod/ui/cn.ts';

export const CHECKS = ['antenna', 'mirrors', 'windows', 'roofBox'] as const;
export type ChecklistItem = (typeof CHECKS)[number];

const LABEL_KEYS = {
  antenna: 'carwash.check.antenna',
  mirrors: 'carwash.check.mirrors',
  windows: 'carwash.check.windows',
  roofBox: 'carwash.check.roofBox',
} as const satisfies Record<ChecklistItem, string>;

interface Props {
  ticked: ReadonlySet<ChecklistItem>;
  onToggle: (check: ChecklistItem) => void;
  disabled: boolean;
}

/** The four things to see to before a wash: each a large box to tick. */
export function Checklist({ ticked, onToggle, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2" data-testid="carwash-checklist">
      <legend className="sr-only">{t('carwash.checklistLabel')}</legend>
      {CHECKS.map((check) => {
        const on = ticked.has(check);
        return (
          <label
            key={check}
            className={cn(
              'flex min-h-16 cursor-pointer items-center gap-4 rounded-2xl px-4 py-3 ring-inset transition-colors',
              'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand',
              on ? 'bg-brand-soft ring-2 ring-brand' : 'bg-white ring-1 ring-slate-300',
            )}
          >
            <input
              type="checkbox"
              className="peer sr-only"
              data-testid={`carwash-check-${check}`}
              checked={on}
              disabled={disabled}
              onChange={() => onToggle(check)}
            />
            <span
              aria-hidden="true"
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-lg',
                on ? 'bg-brand text-white' : 'bg-white ring-2 ring-slate-400',
              )}
            >
              {on && <Tick size={18} strokeWidth={3} />}
            </span>
            <span className="text-base font-medium text-slate-900">{t(LABEL_KEYS[check])}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
