import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from './paths.ts';

/** An installation id as a link may carry it: a uuid, or the digits of an older link. */
const INSTALLATION_ID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9]{1,9})$/i;

/** The installation screen a `/charging/{installationId}` link leads to, or null. */
export function installationLinkTarget(installationId: string | undefined): string | null {
  if (installationId === undefined || !INSTALLATION_ID.test(installationId)) return null;
  return paths.chargingInstallation(installationId);
}

/**
 * `/charging/{installationId}` (spec §2: a deep link that opens the home screen) shows home and
 * then the installation, so going back from it lands on home. A link that names no installation
 * stays on home. Like the pump's QR code (features/home/use-pump-link.ts).
 */
export function useInstallationLink(): void {
  const navigate = useNavigate();
  const { installationId } = useParams();
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (installationId === undefined || followed.current === installationId) return;
    followed.current = installationId;
    const target = installationLinkTarget(installationId);
    void Promise.resolve(navigate(paths.home, { replace: true })).then(() =>
      target ? navigate(target) : undefined,
    );
  }, [navigate, installationId]);
}
