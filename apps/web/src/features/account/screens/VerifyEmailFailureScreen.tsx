import { MailX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { ErrorState } from '@stod/ui/States.tsx';

export function VerifyEmailFailureScreen() {
  const { t } = useTranslation();
  return (
    <div data-testid="verify-email-failure" className="flex flex-1 flex-col">
      <ErrorState
        level={2}
        icon={<MailX size={28} />}
        title={t('verify.failureTitle')}
        text={t('error.verifyEmail')}
        action={
          <ButtonLink to={paths.profileUser} replace>
            {t('common.retry')}
          </ButtonLink>
        }
      />
    </div>
  );
}
