import { Field } from '@stod/ui/Field.tsx';
import { useTranslation } from 'react-i18next';

/** The reason a staff change is made, which the audit log keeps beside it. */
export function ReasonField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('staff.reason')}
      hint={t('staff.reasonHint')}
      maxLength={500}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
