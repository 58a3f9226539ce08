import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { pumpLinkTarget } from '../../lib/deep-link.ts';
import { paths } from '../../lib/paths.ts';

/**
 * `/fuel/{stationId}/{pumpNumber}`, the QR code on a pump, shows home and then the fuel flow
 * with that pump chosen, so going back from the flow lands on home. A link that names no pump
 * stays on home.
 */
export function usePumpLink(): void {
  const navigate = useNavigate();
  const { stationId, pumpNumber } = useParams();
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (stationId === undefined || pumpNumber === undefined) return;
    const link = `${stationId}/${pumpNumber}`;
    if (followed.current === link) return;
    followed.current = link;
    const target = pumpLinkTarget(stationId, pumpNumber);
    void Promise.resolve(navigate(paths.home, { replace: true })).then(() =>
      target ? navigate(target) : undefined,
    );
  }, [navigate, stationId, pumpNumber]);
}
