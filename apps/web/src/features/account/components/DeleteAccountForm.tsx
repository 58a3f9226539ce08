import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountSchema, type DeleteAccountInput } from '@stod/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../i18n/index.ts';
import { applyApiError, useFormErrorToast } from '../../../lib/forms.ts';
import { Button } from '@stod/ui/Button.tsx';
import { PasswordField } from '@stod/ui/Field.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';

interface Props {
  onCancel: () => void;
  onDeleted: () => Promise<void>;
}

/** The body of the confirmation: the account goes only with the right password. */
export function DeleteAccountForm({ onCancel, onDeleted }: Props) {
  const { t } = useTranslation();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  const remove = useDeleteAccount();
  const { errors } = form.formState;
  const toast = useFormErrorToast(Object.keys(errors).length);

  const onSubmit = form.handleSubmit((values) => {
    remove.mutate(values, {
      onSuccess: () => void onDeleted(),
      onError: (error) => applyApiError(error, form.setError, ['password'], toast.show),
    });
  });

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="delete-account-form"
    >
      <p>{t('user.deleteText')}</p>
      <PasswordField
        label={t('field.password')}
        autoComplete="current-password"
        hint={t('user.deletePasswordHint')}
        showLabel={t('common.showPassword')}
        hideLabel={t('common.hidePassword')}
        error={messageText(errors.password?.message)}
        {...form.register('password')}
      />
      <div className="mt-2 flex flex-col gap-3">
        <Button type="submit" variant="danger" pending={remove.isPending || remove.isSuccess}>
          {t('user.deleteConfirm')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('modal.cancel')}
        </Button>
      </div>
    </form>
  );
}
