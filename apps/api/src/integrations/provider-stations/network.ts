import type { OpeningHours, StationService } from '@stod/domain';

/**
 * The provider's station network: 26 stations at real Faroese places, with their opening hours,
 * services, pumps and bays. The provider's station list (this simulator) answers from it, and the
 * demo seed writes it into the database.
 */

export interface SeedStation {
  name: string;
  address: string;
  lat: number;
  lng: number;
  tokheimStationId: string;
  services: StationService[];
  hours: OpeningHours;
  pumps: number;
  bays: number;
}

const every = (from: string, to: string): OpeningHours =>
  Array.from({ length: 7 }, () => ({ from, to }));
const weekdaysAndWeekend = (
  week: [string, string],
  saturday: [string, string] | null,
  sunday: [string, string] | null,
): OpeningHours => [
  ...Array.from({ length: 5 }, () => ({ from: week[0], to: week[1] })),
  saturday ? { from: saturday[0], to: saturday[1] } : null,
  sunday ? { from: sunday[0], to: sunday[1] } : null,
];

const ALWAYS = every('00:00', '24:00');
const LONG = every('07:00', '23:00');
const LATE = every('07:00', '01:00');
const VILLAGE = weekdaysAndWeekend(['07:30', '22:00'], ['09:00', '22:00'], ['12:00', '22:00']);
const SMALL = weekdaysAndWeekend(['08:00', '20:00'], ['10:00', '18:00'], null);

const s = (
  n: number,
  name: string,
  address: string,
  lat: number,
  lng: number,
  services: StationService[],
  hours: OpeningHours,
  pumps = 4,
  bays = services.includes('carwash') ? 2 : 0,
): SeedStation => ({
  name,
  address,
  lat,
  lng,
  tokheimStationId: `TK${String(1000 + n)}`,
  services,
  hours,
  pumps,
  bays,
});

/** The demo network: real Faroese places, plausible hours and offerings. */
export const seedStations: SeedStation[] = [
  s(
    1,
    'Støð Tórshavn Miðbýur',
    'Niels Finsens gøta 20, 100 Tórshavn',
    62.0107,
    -6.7741,
    ['fuel', 'carwash', 'food'],
    ALWAYS,
    8,
    3,
  ),
  s(
    2,
    'Støð Sundsvegur',
    'Sundsvegur 15, 100 Tórshavn',
    62.0178,
    -6.7812,
    ['fuel', 'food'],
    LATE,
    6,
  ),
  s(
    3,
    'Støð Hoyvík',
    'Hvítanesvegur 2, 188 Hoyvík',
    62.0281,
    -6.7598,
    ['fuel', 'carwash', 'food'],
    LONG,
    8,
    2,
  ),
  s(4, 'Støð Argir', 'Argjavegur 40, 165 Argir', 61.9986, -6.7779, ['fuel', 'carwash'], LONG, 4, 1),
  s(
    5,
    'Støð Klaksvík',
    'Klaksvíksvegur 80, 700 Klaksvík',
    62.2266,
    -6.589,
    ['fuel', 'carwash', 'food'],
    LATE,
    8,
    2,
  ),
  s(
    6,
    'Støð Klaksvík Norður',
    'Norðoyggjavegur 3, 700 Klaksvík',
    62.2341,
    -6.5842,
    ['fuel'],
    SMALL,
    2,
  ),
  s(
    7,
    'Støð Runavík',
    'Heiðavegur 1, 620 Runavík',
    62.1083,
    -6.7213,
    ['fuel', 'carwash', 'food'],
    LONG,
    6,
    2,
  ),
  s(
    8,
    'Støð Saltangará',
    'Saltangarávegur 10, 600 Saltangará',
    62.1158,
    -6.7246,
    ['fuel', 'food'],
    VILLAGE,
    4,
  ),
  s(
    9,
    'Støð Vágur',
    'Vágsvegur 22, 900 Vágur',
    61.4734,
    -6.8077,
    ['fuel', 'carwash'],
    VILLAGE,
    4,
    1,
  ),
  s(10, 'Støð Tvøroyri', 'Sjógøta 5, 800 Tvøroyri', 61.5559, -6.8063, ['fuel', 'food'], VILLAGE, 4),
  s(
    11,
    'Støð Miðvágur',
    'Jatnavegur 8, 370 Miðvágur',
    62.0512,
    -7.1933,
    ['fuel', 'carwash', 'food'],
    LONG,
    4,
    1,
  ),
  s(12, 'Støð Sandavágur', 'Vágsvegur 2, 360 Sandavágur', 62.0553, -7.1536, ['fuel'], VILLAGE, 2),
  s(
    13,
    'Støð Kollafjørður',
    'Kollafjarðarvegur 30, 410 Kollafjørður',
    62.1124,
    -6.9178,
    ['fuel', 'food'],
    VILLAGE,
    4,
  ),
  s(
    14,
    'Støð Vestmanna',
    'Fjarðavegur 12, 350 Vestmanna',
    62.1553,
    -7.1665,
    ['fuel', 'carwash'],
    VILLAGE,
    4,
    1,
  ),
  s(15, 'Støð Eiði', 'Eiðisvegur 4, 470 Eiði', 62.2993, -7.0921, ['fuel'], SMALL, 2),
  s(
    16,
    'Støð Fuglafjørður',
    'Fuglafjarðarvegur 9, 530 Fuglafjørður',
    62.2441,
    -6.8149,
    ['fuel', 'food'],
    VILLAGE,
    4,
  ),
  s(
    17,
    'Støð Sørvágur',
    'Flogvallarvegur 1, 380 Sørvágur',
    62.0718,
    -7.3049,
    ['fuel', 'carwash', 'food'],
    LONG,
    6,
    2,
  ),
  s(
    18,
    'Støð Norðragøta',
    'Gøtuvegur 18, 512 Norðragøta',
    62.1996,
    -6.7434,
    ['fuel', 'carwash'],
    VILLAGE,
    4,
    1,
  ),
  s(19, 'Støð Leirvík', 'Leirvíksvegur 6, 520 Leirvík', 62.2107, -6.7046, ['fuel'], SMALL, 2),
  s(
    20,
    'Støð Strendur',
    'Strandavegur 14, 625 Strendur',
    62.1093,
    -6.7588,
    ['fuel', 'food'],
    VILLAGE,
    2,
  ),
  s(21, 'Støð Hvalvík', 'Streymoyarvegur 50, 430 Hvalvík', 62.1881, -7.0242, ['fuel'], SMALL, 2),
  s(22, 'Støð Kvívík', 'Kvívíksvegur 3, 340 Kvívík', 62.1186, -7.0729, ['fuel'], SMALL, 2),
  s(23, 'Støð Sandur', 'Sandsvegur 7, 210 Sandur', 61.8351, -6.8078, ['fuel', 'food'], VILLAGE, 2),
  s(24, 'Støð Skopun', 'Skopunarvegur 1, 240 Skopun', 61.9029, -6.8791, ['fuel'], SMALL, 2),
  s(25, 'Støð Hvalba', 'Hvalbiarvegur 11, 850 Hvalba', 61.6003, -6.9531, ['fuel'], SMALL, 2),
  s(26, 'Støð Viðareiði', 'Viðareiðisvegur 2, 750 Viðareiði', 62.3599, -6.5351, ['fuel'], SMALL, 2),
];
