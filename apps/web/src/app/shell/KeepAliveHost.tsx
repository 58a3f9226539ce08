import { QueryClientProvider } from '@tanstack/react-query';
import { Activity, useState, type ReactNode } from 'react';
import { StationListScreen } from '../../features/stations/screens/StationListScreen.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../../lib/session.ts';
import { cn } from '@stod/ui/cn.ts';

/** The screens of the routes flagged keepAlive (spec §2 rule 7), by route name. */
const screens: Readonly<Record<string, ReactNode>> = {
  stations: <StationListScreen />,
  'fuel-stations': <StationListScreen service="fuel" />,
  'carwash-stations': <StationListScreen service="carwash" />,
  'food-stations': <StationListScreen service="food" />,
};

interface Props {
  /** The kept-alive route on screen, or null when another route is. */
  active: string | null;
  transition: string;
}

/**
 * Keeps each kept-alive screen mounted once visited. The one on screen is visible; the others
 * are hidden by <Activity>, which keeps their state and DOM but stops their effects.
 */
export default function KeepAliveHost({ active, transition }: Props) {
  const [visited, setVisited] = useState<string[]>([]);
  if (active && active in screens && !visited.includes(active)) setVisited([...visited, active]);
  // Another user starts afresh.
  const user = useSession((s) => s.user?.id ?? 'guest');

  return (
    <QueryClientProvider client={queryClient}>
      {visited.map((name) => (
        <Activity key={`${user}:${name}`} mode={name === active ? 'visible' : 'hidden'}>
          <div
            data-keep-alive={name}
            className={cn('route-view flex flex-1 flex-col', `route-${transition}`)}
          >
            {screens[name]}
          </div>
        </Activity>
      ))}
    </QueryClientProvider>
  );
}
