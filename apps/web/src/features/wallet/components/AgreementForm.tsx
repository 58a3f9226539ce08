import { zodResolver } from '@hookform/resolvers/zod';
import { paymentAgreementUpdateSchema } from '@stod/domain';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { messageText } from '../../../i18n/index.ts';
import { applyApiError, useFormErrorToast } from '../../../lib/forms.ts';
import { Button } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import type { PaymentAgreementView } from '../api/get-payment-agreement.ts';
import { useSavePaymentAgreement } from '../api/save-payment-agreement.ts';

type Input = z.input<typeof paymentAgreementUpdateSchema>;
type Output = z.output<typeof paymentAgreementUpdateSchema>;

const fields: Path<Input>[] = ['fullName', 'email', 'phone', 'registrationNumber', 'accountNumber'];

interface Props {
  /** The saved agreement to edit, or null to create one. */
  agreement: PaymentAgreementView | null;
  /** For a new agreement: what the account already knows (name, e-mail, mobile). */
  suggested: Pick<Input, 'fullName' | 'email' | 'phone'>;
  onSaved: (mode: 'create' | 'update') => void;
}

/** Create and edit share this form: /profile/agreement, …/payment-methods/agreement, registration. */
export function AgreementForm({ agreement, suggested, onSaved }: Props) {
  const { t } = useTranslation();
  const save = useSavePaymentAgreement();
  const mode = agreement ? 'update' : 'create';
  const form = useForm<Input, unknown, Output>({
    // An edit may leave the account number empty, and the saved one stays; a new one needs it.
    resolver: zodResolver(paymentAgreementUpdateSchema),
    defaultValues: agreement
      ? {
          fullName: agreement.fullName,
          email: agreement.email,
          phone: agreement.phone,
          registrationNumber: agreement.registrationNumber,
          // Only the last digits leave the server; empty keeps the saved number.
          accountNumber: '',
        }
      : { ...suggested, registrationNumber: '', accountNumber: '' },
  });
  const { errors } = form.formState;
  const err = (field: keyof Input) => messageText(errors[field]?.message);
  const toast = useFormErrorToast(Object.keys(errors).length);

  const onSubmit = form.handleSubmit((values) => {
    if (mode === 'create' && values.accountNumber === undefined) {
      form.setError('accountNumber', { message: 'validation.required' }, { shouldFocus: true });
      return;
    }
    save.mutate(
      { mode, body: values },
      {
        onSuccess: () => onSaved(mode),
        onError: (error) => applyApiError(error, form.setError, fields, toast.show),
      },
    );
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="agreement-form"
    >
      <Field
        label={t('field.fullName')}
        autoComplete="name"
        error={err('fullName')}
        {...form.register('fullName')}
      />
      <Field
        label={t('field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={err('email')}
        {...form.register('email')}
      />
      <Field
        label={t('field.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        error={err('phone')}
        {...form.register('phone')}
      />
      <div className="grid grid-cols-[8.5rem_1fr] items-start gap-3">
        <Field
          label={t('field.registrationNumber')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          hint={t('agreement.registrationHint')}
          error={err('registrationNumber')}
          {...form.register('registrationNumber')}
        />
        <Field
          label={t('field.accountNumber')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          hint={
            agreement
              ? t('agreement.accountRetype', { account: agreement.accountNumberMasked })
              : t('agreement.accountHint')
          }
          error={err('accountNumber')}
          {...form.register('accountNumber')}
        />
      </div>
      <Button type="submit" pending={save.isPending}>
        {agreement ? t('agreement.update') : t('agreement.create')}
      </Button>
    </form>
  );
}
