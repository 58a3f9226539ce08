import { Navigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** `/carwash/stations/{id}`: a wash starts with its programme and bay, on the products screen. */
export function CarwashStationScreen() {
  const { id = '' } = useParams();
  return <Navigate to={paths.carwashProducts(id)} replace />;
}
