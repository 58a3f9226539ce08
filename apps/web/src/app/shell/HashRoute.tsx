import type { ComponentType } from 'react';
import { useLoaderData } from 'react-router';
import { NotFoundScreen } from '../../features/system/screens/NotFoundScreen.tsx';
import { isNotFoundData } from '../../lib/route-meta.ts';

/** `/{hash}` opens home for hash-like segments and shows 404 for anything else. */
export function withHashCheck(Home: ComponentType): ComponentType {
  return function HashRoute() {
    const data: unknown = useLoaderData();
    return isNotFoundData(data) ? <NotFoundScreen /> : <Home />;
  };
}
