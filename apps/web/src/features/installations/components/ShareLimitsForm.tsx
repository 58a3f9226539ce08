import { zodResolver } from '@hookform/resolvers/zod';
import type { InstallationUser, ShareLimits } from '@stod/domain';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../i18n/index.ts';
import { apiErrorOf } from '../../../lib/api-error.ts';
import { applyApiError, useFormErrorToast } from '../../../lib/forms.ts';
import { Button } from '@stod/ui/Button.tsx';
import { CardSection } from '@stod/ui/CardSection.tsx';
import { Field } from '@stod/ui/Field.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useUpdateShare } from '../api/update-share.ts';
import {
  shareFormLimits,
  shareLimitsFormSchema,
  shareLimitsFormValues,
  type ShareLimitsFormInput,
} from '../schemas.ts';

const fields: Path<ShareLimitsFormInput>[] = ['lastDay', 'monthlyKwhCap', 'price'];

/** The server names the limits as the API does; the form's fields are named for the owner. */
const serverFields: Record<string, Path<ShareLimitsFormInput>> = {
  endsAt: 'lastDay',
  monthlyKwhCap: 'monthlyKwhCap',
  pricePerKwh: 'price',
};

/**
 * The owner's limits on one share: the last day it may be used, whole kWh a month, and the
 * price per kWh, typed in kroner ('1,50') and sent in øre.
 */
export function ShareLimitsForm({ user }: { user: InstallationUser }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateShare();
  const form = useForm<ShareLimitsFormInput, unknown, ShareLimits>({
    resolver: zodResolver(shareLimitsFormSchema),
    defaultValues: shareLimitsFormValues(user.limits),
  });
  const { errors } = form.formState;
  const toast = useFormErrorToast(Object.keys(errors).length);
  // The form's own messages are this feature's texts; the server's are already in words.
  const errorText = (message: string | undefined) =>
    message && i18n.exists(message)
      ? t(message as 'installations.form.capInvalid', shareFormLimits)
      : messageText(message);

  const onSubmit = form.handleSubmit((patch) => {
    update.mutate(
      { shareId: user.id, patch },
      {
        onSuccess: (saved) => {
          form.reset(shareLimitsFormValues(saved.limits));
          showToast('success', t('installations.saved'));
        },
        onError: (error) => {
          const renamed = renameFieldErrors(error);
          applyApiError(renamed, form.setError, fields, toast.show);
        },
      },
    );
  });

  return (
    <CardSection title={t('installations.limitsTitle')}>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="flex flex-col gap-4"
        data-testid="share-limits-form"
      >
        <Field
          label={t('installations.field.lastDay')}
          type="date"
          hint={t('installations.field.lastDayHint')}
          error={errorText(errors.lastDay?.message)}
          {...form.register('lastDay')}
        />
        <Field
          label={t('installations.field.cap')}
          inputMode="numeric"
          autoComplete="off"
          hint={t('installations.field.capHint')}
          error={errorText(errors.monthlyKwhCap?.message)}
          {...form.register('monthlyKwhCap')}
        />
        <Field
          label={t('installations.field.price')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('installations.field.priceHint')}
          error={errorText(errors.price?.message)}
          {...form.register('price')}
        />
        <Button type="submit" pending={update.isPending}>
          {t('common.save')}
        </Button>
      </form>
    </CardSection>
  );
}

/** The API's field errors under the form's names (endsAt → lastDay, pricePerKwh → price). */
function renameFieldErrors(error: unknown) {
  const apiError = apiErrorOf(error);
  if (!apiError.fieldErrors) return apiError;
  const fieldErrors = Object.fromEntries(
    Object.entries(apiError.fieldErrors).map(([field, message]) => [
      serverFields[field] ?? field,
      message,
    ]),
  );
  return { ...apiError, fieldErrors };
}
