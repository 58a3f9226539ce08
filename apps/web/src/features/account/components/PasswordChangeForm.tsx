import { zodResolver } from '@hookform/resolvers/zod';
import { passwordChangeSchema } from '@stod/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { messageText } from '../../../i18n/index.ts';
import { applyApiError, useFormErrorToast } from '../../../lib/forms.ts';
import { Button } from '@stod/ui/Button.tsx';
import { PasswordField } from '@stod/ui/Field.tsx';
import { CardSection } from '@stod/ui/CardSection.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useUpdatePassword } from '../api/update-password.ts';

type Input = z.input<typeof passwordChangeSchema>;
type Output = z.output<typeof passwordChangeSchema>;

export function PasswordChangeForm() {
  const { t } = useTranslation();
  const update = useUpdatePassword();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { oldPassword: '', password: '' },
  });
  const { errors } = form.formState;
  const toast = useFormErrorToast(Object.keys(errors).length);

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        form.reset();
        showToast('success', t('user.passwordChanged'));
      },
      onError: (error) =>
        applyApiError(error, form.setError, ['oldPassword', 'password'], toast.show),
    });
  });

  return (
    <CardSection title={t('user.passwordTitle')}>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="flex flex-col gap-4"
        data-testid="password-form"
      >
        <PasswordField
          label={t('field.oldPassword')}
          autoComplete="current-password"
          showLabel={t('common.showPassword')}
          hideLabel={t('common.hidePassword')}
          error={messageText(errors.oldPassword?.message)}
          {...form.register('oldPassword')}
        />
        <PasswordField
          label={t('field.newPassword')}
          autoComplete="new-password"
          hint={t('field.passwordHint')}
          showLabel={t('common.showPassword')}
          hideLabel={t('common.hidePassword')}
          error={messageText(errors.password?.message)}
          {...form.register('password')}
        />
        <Button type="submit" variant="secondary" pending={update.isPending}>
          {t('user.passwordTitle')}
        </Button>
      </form>
    </CardSection>
  );
}
