import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateSchema, type CurrentUser } from '@stod/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { messageText } from '../../../i18n/index.ts';
import { setCurrentUser } from '../../../lib/current-user.ts';
import { applyApiError, focusFirstError, useFormErrorToast } from '../../../lib/forms.ts';
import { Button } from '@stod/ui/Button.tsx';
import { ContactFields } from '@stod/ui/ContactFields.tsx';

import { CardSection } from '@stod/ui/CardSection.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type Input = z.input<typeof profileUpdateSchema>;
type Output = z.output<typeof profileUpdateSchema>;

const fields = ['name', 'address', 'postCode', 'city', 'mobile'] as const;

export function ProfileDetailsForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm<Input, unknown, Output>({
    shouldFocusError: false,
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      name: user.name,
      address: user.address,
      postCode: user.postCode,
      city: user.city,
      mobile: user.mobile,
    },
  });
  const { errors } = form.formState;
  const err = (field: keyof Input) => messageText(errors[field]?.message);
  const toast = useFormErrorToast(Object.keys(errors).length);

  const onSubmit = form.handleSubmit(
    (values) => {
      update.mutate(values, {
        onSuccess: (saved) => {
          setCurrentUser(saved);
          form.reset(values);
          showToast('success', t('user.saved'));
        },
        onError: (error) => applyApiError(error, form.setError, fields, toast.show),
      });
    },
    (invalid) => focusFirstError(fields, invalid, form.setFocus),
  );

  return (
    <CardSection title={t('user.details')}>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="flex flex-col gap-4"
        data-testid="profile-form"
      >
        <ContactFields field={(name) => ({ ...form.register(name), error: err(name) })} />
        {user.accountType === 'business' && (
          <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm">
            <div>
              <dt className="text-slate-600">{t('user.pNumber')}</dt>
              <dd className="font-medium text-slate-900">{user.pNumber ?? '–'}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('user.vNumber')}</dt>
              <dd className="font-medium text-slate-900">{user.vNumber ?? '–'}</dd>
            </div>
          </dl>
        )}
        <Button type="submit" pending={update.isPending}>
          {t('common.save')}
        </Button>
      </form>
    </CardSection>
  );
}
