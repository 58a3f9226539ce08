import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { ButtonLink } from '@stod/ui/Button.tsx';
import { EmptyState } from '@stod/ui/States.tsx';

/** Guest-only by the spec: reached from a verification link opened while signed out. */
export function VerifyEmailSuccessScreen() {
  const { t } = useTranslation();
  return (
    <div data-testid="verify-email-success" className="flex flex-1 flex-col">
      <EmptyState
        level={2}
        icon={<MailCheck size={28} />}
        title={t('verify.successTitle')}
        text={t('verify.successText')}
        action={
          <ButtonLink to={paths.login} replace>
            {t('login.submit')}
          </ButtonLink>
        }
      />
    </div>
  );
}
