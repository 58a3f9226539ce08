import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@stod/domain';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { messageText } from '../../../i18n/index.ts';
import { applyApiError, useFormErrorToast } from '../../../lib/forms.ts';
import { paths } from '../../../lib/paths.ts';
import { Button, ButtonLink } from '@stod/ui/Button.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { useRequestPasswordReset } from '../api/forgot-password.ts';

type Input = z.input<typeof forgotPasswordSchema>;
type Output = z.output<typeof forgotPasswordSchema>;

export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const toast = useFormErrorToast(Object.keys(errors).length);

  const onSubmit = form.handleSubmit((values) => {
    request.mutate(values, {
      onSuccess: () => setSentTo(values.email),
      onError: (error) => applyApiError(error, form.setError, ['email'], toast.show),
    });
  });

  if (sentTo) {
    return (
      <div data-testid="forgot-sent" className="flex flex-1 flex-col">
        <EmptyState
          level={2}
          icon={<MailCheck size={28} />}
          title={t('forgot.sentTitle')}
          text={t('forgot.sent', { email: sentTo })}
          action={
            <ButtonLink to={paths.login} replace>
              {t('forgot.backToLogin')}
            </ButtonLink>
          }
        />
      </div>
    );
  }

  return (
    <Screen>
      <p className="text-base text-slate-700">{t('forgot.intro')}</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        <Field
          label={t('field.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={messageText(errors.email?.message)}
          {...form.register('email')}
        />
        <Button type="submit" pending={request.isPending}>
          {t('forgot.submit')}
        </Button>
      </form>
    </Screen>
  );
}
