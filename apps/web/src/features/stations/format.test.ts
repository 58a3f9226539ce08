import { describe, expect, it } from 'vitest';
import { formatDistance } from '@stod/domain';
import { directionsUrl, safeColor, stationFlowPath } from './format.ts';

describe('station formats', () => {
  it('shows distances with comma decimals and two places', () => {
    expect(formatDistance(0.05)).toBe('0,05 km');
    expect(formatDistance(12.3)).toBe('12,30 km');
    expect(formatDistance(0)).toBe('0,00 km');
  });

  it('links directions to the station', () => {
    expect(directionsUrl({ lat: 62.2266, lng: -6.589 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=62.2266,-6.589',
    );
  });

  it('enters each flow at its own route', () => {
    expect(stationFlowPath('fuel', 5)).toBe('/fuel/stations/5');
    expect(stationFlowPath('carwash', 5)).toBe('/carwash/stations/5');
    expect(stationFlowPath('food', 5)).toBe('/food-order/stations/5');
  });

  it('lets only hex colours through', () => {
    expect(safeColor('#15803d', '#000')).toBe('#15803d');
    expect(safeColor('red;background:url(x)', '#000')).toBe('#000');
    expect(safeColor(undefined, '#000')).toBe('#000');
  });
});
