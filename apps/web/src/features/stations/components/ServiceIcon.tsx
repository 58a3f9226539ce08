import type { StationService } from '@stod/domain';
import { CarFront, Fuel, UtensilsCrossed, type LucideIcon } from 'lucide-react';

const icons: Record<StationService, LucideIcon> = {
  fuel: Fuel,
  carwash: CarFront,
  food: UtensilsCrossed,
};

export function ServiceIcon({ service, size = 16 }: { service: StationService; size?: number }) {
  const Icon = icons[service];
  return <Icon size={size} aria-hidden="true" />;
}
