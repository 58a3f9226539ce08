import { Field } from '@stod/ui/Field.tsx';
import { useTranslation } from 'react-i18next';

/** The reason a staff change is made, which the audit log keeps beside it. */
export function ReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Why the reason given will not do (a reason is required and too short). */
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('staff.reason')}
      hint={t('staff.reasonHint')}
      maxLength={500}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
