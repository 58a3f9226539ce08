import { zodResolver } from '@hookform/resolvers/zod';
import { emailChangeRequestSchema } from '@stod/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { messageText } from '../../../i18n/index.ts';
import { applyApiError, useFormErrorToast } from '../../../lib/forms.ts';
import { paths } from '../../../lib/paths.ts';
import { Button } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { CardSection } from '@stod/ui/CardSection.tsx';
import { useRequestEmailChange } from '../../../lib/email-code.ts';

type Input = z.input<typeof emailChangeRequestSchema>;
type Output = z.output<typeof emailChangeRequestSchema>;

/** Step 1 of the e-mail change: the code goes to the new address, entered on the next screen. */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = useRequestEmailChange();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(emailChangeRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const toast = useFormErrorToast(Object.keys(errors).length);

  const onSubmit = form.handleSubmit((values) => {
    request.mutate(values, {
      onSuccess: () => void navigate(paths.verifyEmail(values.email)),
      onError: (error) => applyApiError(error, form.setError, ['email'], toast.show),
    });
  });

  return (
    <CardSection title={t('user.emailTitle')}>
      <div className="-mt-2 flex flex-col text-sm">
        <span className="text-slate-600">{t('user.emailCurrent')}</span>
        <span
          className="font-medium [overflow-wrap:anywhere] text-slate-900"
          data-testid="current-email"
        >
          {currentEmail}
        </span>
      </div>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="flex flex-col gap-4"
        data-testid="email-form"
      >
        <Field
          label={t('field.newEmail')}
          type="email"
          autoComplete="email"
          inputMode="email"
          hint={t('user.emailHint')}
          error={messageText(errors.email?.message)}
          {...form.register('email')}
        />
        <Button type="submit" variant="secondary" pending={request.isPending}>
          {t('user.emailSubmit')}
        </Button>
      </form>
    </CardSection>
  );
}
