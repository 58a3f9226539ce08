import { useEffect, useRef, type ComponentType } from 'react';
import { useLoaderData, useNavigate, useParams } from 'react-router';
import { NotFoundScreen } from '../../features/system/screens/NotFoundScreen.tsx';
import { paths } from '../../lib/paths.ts';
import { isNotFoundData } from '../../lib/route-meta.ts';

/**
 * `/{hash}` opens home for hash-like segments and shows 404 for anything else. A coffee
 * machine's code is such a hash: home opens, then the drink's sheet (features/beverages), whose
 * code loads only then.
 */
export function withHashCheck(Home: ComponentType): ComponentType {
  return function HashRoute() {
    const data: unknown = useLoaderData();
    if (isNotFoundData(data)) return <NotFoundScreen />;
    return (
      <>
        <Home />
        <FollowHash />
      </>
    );
  };
}

function FollowHash() {
  const { hash } = useParams();
  const navigate = useNavigate();
  const followed = useRef<string | null>(null);
  useEffect(() => {
    if (!hash || followed.current === hash) return;
    followed.current = hash;
    void Promise.resolve(navigate(paths.home, { replace: true })).then(() =>
      import('../../features/beverages/open.tsx')
        .then((m) => m.openBeverage(hash))
        .catch(() => undefined),
    );
  }, [hash, navigate]);
  return null;
}
