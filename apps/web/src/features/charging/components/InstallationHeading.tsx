import type { InstallationView } from '@stod/domain';
import type { ReactNode } from 'react';
import { StationHeading } from '@stod/ui/StationHeading.tsx';
import { AccessBadge } from './AccessBadge.tsx';

/** The installation a charging screen is at: its name, whose it is, and what was chosen there. */
export function InstallationHeading({
  installation,
  detail,
  aside,
}: {
  installation: Pick<InstallationView, 'name' | 'access'>;
  detail?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <StationHeading
      testId="installation-heading"
      name={installation.name}
      detail={
        <span className="flex flex-wrap items-center gap-2">
          <AccessBadge access={installation.access} />
          {detail}
        </span>
      }
      {...(aside === undefined ? {} : { aside })}
    />
  );
}
