import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './Field.tsx';

export type ContactField = 'name' | 'address' | 'postCode' | 'city' | 'mobile';

/** What a form gives each field: react-hook-form's registration and the translated error. */
export type FieldBinding = UseFormRegisterReturn & { error: string | undefined };

/**
 * Name, address, post code and town, and mobile: the same fields, labels and autofill hints in
 * registration and in the profile.
 */
export function ContactFields({ field }: { field: (name: ContactField) => FieldBinding }) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('field.name')} autoComplete="name" {...field('name')} />
      <Field label={t('field.address')} autoComplete="street-address" {...field('address')} />
      <div className="grid grid-cols-[9rem_1fr] gap-3">
        <Field
          label={t('field.postCode')}
          autoComplete="postal-code"
          inputMode="numeric"
          {...field('postCode')}
        />
        <Field label={t('field.city')} autoComplete="address-level2" {...field('city')} />
      </div>
      <Field
        label={t('field.mobile')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        {...field('mobile')}
      />
    </>
  );
}
