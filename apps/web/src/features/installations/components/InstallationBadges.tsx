import type { UserInstallation } from '@stod/domain';
import { useTranslation } from 'react-i18next';
import { Badge } from './Badge.tsx';

/** Whose the installation is, and, for the owner, whether it is open to the public. */
export function InstallationBadges({
  installation,
}: {
  installation: Pick<UserInstallation, 'role' | 'public' | 'limits'>;
}) {
  const { t } = useTranslation();
  const refusal = installation.limits?.refusal ?? null;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge tone={installation.role} testId="installation-role">
        {t(installation.role === 'own' ? 'installations.role.own' : 'installations.role.shared')}
      </Badge>
      {installation.role === 'own' && (
        <Badge tone={installation.public ? 'public' : 'private'} testId="installation-public">
          {t(installation.public ? 'installations.public' : 'installations.private')}
        </Badge>
      )}
      {refusal && (
        <Badge tone="warning" testId="installation-refusal">
          {t(refusal === 'ended' ? 'installations.refusal.ended' : 'installations.refusal.cap')}
        </Badge>
      )}
    </span>
  );
}
