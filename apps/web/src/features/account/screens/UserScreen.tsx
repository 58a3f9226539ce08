import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { Screen } from '@stod/ui/Screen.tsx';
import { FormSkeleton } from '@stod/ui/Skeleton.tsx';
import { DeleteAccountSection } from '../components/DeleteAccountSection.tsx';
import { EmailChangeForm } from '../components/EmailChangeForm.tsx';
import { PasswordChangeForm } from '../components/PasswordChangeForm.tsx';
import { ProfileDetailsForm } from '../components/ProfileDetailsForm.tsx';

/** `/profile/user`: details, e-mail, password and account deletion. */
export function UserScreen() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  if (!user) {
    return (
      <Screen>
        <FormSkeleton fields={5} label={t('common.loading')} />
      </Screen>
    );
  }
  return (
    <Screen>
      <ProfileDetailsForm key={user.id} user={user} />
      <EmailChangeForm currentEmail={user.email} />
      <PasswordChangeForm />
      <DeleteAccountSection />
    </Screen>
  );
}
