import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordSchema } from '@stod/domain';
import { Link2Off } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { messageText } from '../../../i18n/index.ts';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { applyApiError, useFormErrorToast } from '../../../lib/forms.ts';
import { paths } from '../../../lib/paths.ts';
import { Button, ButtonLink } from '@stod/ui/Button.tsx';
import { PasswordField } from '@stod/ui/Field.tsx';
import { Screen } from '@stod/ui/Screen.tsx';
import { ErrorState } from '@stod/ui/States.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useResetPassword } from '../api/reset-password.ts';

type Input = z.input<typeof resetPasswordSchema>;
type Output = z.output<typeof resetPasswordSchema>;

/** Opened from the e-mailed link `/reset-password?token=…`. */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [linkInvalid, setLinkInvalid] = useState(token === '');
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '' },
  });
  const { errors } = form.formState;
  const toast = useFormErrorToast(Object.keys(errors).length);

  const onSubmit = form.handleSubmit((values) => {
    reset.mutate(values, {
      onSuccess: () => {
        showToast('success', t('reset.done'));
        void navigate(paths.login, { replace: true });
      },
      onError: (error) => {
        if (apiErrorOf(error).code === 'INVALID_RESET_LINK') setLinkInvalid(true);
        else applyApiError(error, form.setError, ['password'], toast.show);
      },
    });
  });

  if (linkInvalid) {
    return (
      <div data-testid="reset-invalid" className="flex flex-1 flex-col">
        <ErrorState
          level={2}
          icon={<Link2Off size={28} />}
          title={t('error.invalidResetLink')}
          action={
            <ButtonLink to={paths.forgotPassword} replace>
              {t('forgot.submit')}
            </ButtonLink>
          }
        />
      </div>
    );
  }

  return (
    <Screen>
      <p className="text-base text-slate-700">{t('reset.intro')}</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        <PasswordField
          label={t('field.newPassword')}
          autoComplete="new-password"
          hint={t('field.passwordHint')}
          showLabel={t('common.showPassword')}
          hideLabel={t('common.hidePassword')}
          error={messageText(errors.password?.message ?? errors.token?.message)}
          {...form.register('password')}
        />
        <Button type="submit" pending={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </form>
    </Screen>
  );
}
