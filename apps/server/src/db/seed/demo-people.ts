/** The demo boutique network: invented people in real cities. Every account's password is DEMO_PASSWORD. */

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_STORES = [
  { name: 'Boutique Rhône', city: 'Genève', country: 'Switzerland', timezone: 'Europe/Zurich' },
  {
    name: 'Boutique Bahnhofstrasse',
    city: 'Zürich',
    country: 'Switzerland',
    timezone: 'Europe/Zurich',
  },
  { name: 'Boutique Vendôme', city: 'Paris', country: 'France', timezone: 'Europe/Paris' },
  { name: 'Boutique Bellecour', city: 'Lyon', country: 'France', timezone: 'Europe/Paris' },
  {
    name: 'Boutique New Bond Street',
    city: 'London',
    country: 'United Kingdom',
    timezone: 'Europe/London',
  },
  { name: 'Boutique Ginza', city: 'Tokyo', country: 'Japan', timezone: 'Asia/Tokyo' },
  {
    name: 'Boutique Marina Bay',
    city: 'Singapore',
    country: 'Singapore',
    timezone: 'Asia/Singapore',
  },
] as const;

type StoreName = (typeof DEMO_STORES)[number]['name'];

export type DemoPerson = {
  email: string;
  first_name: string;
  last_name: string;
  store: StoreName;
  /** Roughly the points earned from quizzes; daily answers and duels add to it. */
  points: number;
  role?: 'staff' | 'admin';
};

export const DEMO_STAFF: DemoPerson[] = [
  {
    email: 'demo@example.com',
    first_name: 'Camille',
    last_name: 'Laurent',
    store: 'Boutique Rhône',
    points: 9800,
  },
  {
    email: 'rival@example.com',
    first_name: 'Lucas',
    last_name: 'Meyer',
    store: 'Boutique Vendôme',
    points: 14200,
  },
  {
    email: 'admin@example.com',
    first_name: 'Hélène',
    last_name: 'Vautier',
    store: 'Boutique Rhône',
    points: 0,
    role: 'admin',
  },
  {
    email: 'sofia.rossi@example.com',
    first_name: 'Sofia',
    last_name: 'Rossi',
    store: 'Boutique Rhône',
    points: 22400,
  },
  {
    email: 'julien.favre@example.com',
    first_name: 'Julien',
    last_name: 'Favre',
    store: 'Boutique Rhône',
    points: 6300,
  },
  {
    email: 'nadia.berset@example.com',
    first_name: 'Nadia',
    last_name: 'Berset',
    store: 'Boutique Rhône',
    points: 3100,
  },
  {
    email: 'thomas.keller@example.com',
    first_name: 'Thomas',
    last_name: 'Keller',
    store: 'Boutique Bahnhofstrasse',
    points: 41800,
  },
  {
    email: 'lea.brunner@example.com',
    first_name: 'Lea',
    last_name: 'Brunner',
    store: 'Boutique Bahnhofstrasse',
    points: 17650,
  },
  {
    email: 'marco.huber@example.com',
    first_name: 'Marco',
    last_name: 'Huber',
    store: 'Boutique Bahnhofstrasse',
    points: 8900,
  },
  {
    email: 'anna.schmid@example.com',
    first_name: 'Anna',
    last_name: 'Schmid',
    store: 'Boutique Bahnhofstrasse',
    points: 1250,
  },
  {
    email: 'amelie.roux@example.com',
    first_name: 'Amélie',
    last_name: 'Roux',
    store: 'Boutique Vendôme',
    points: 103500,
  },
  {
    email: 'hugo.mercier@example.com',
    first_name: 'Hugo',
    last_name: 'Mercier',
    store: 'Boutique Vendôme',
    points: 27300,
  },
  {
    email: 'chloe.garnier@example.com',
    first_name: 'Chloé',
    last_name: 'Garnier',
    store: 'Boutique Vendôme',
    points: 11900,
  },
  {
    email: 'antoine.lefevre@example.com',
    first_name: 'Antoine',
    last_name: 'Lefèvre',
    store: 'Boutique Vendôme',
    points: 5200,
  },
  {
    email: 'ines.moreau@example.com',
    first_name: 'Inès',
    last_name: 'Moreau',
    store: 'Boutique Bellecour',
    points: 19800,
  },
  {
    email: 'paul.girard@example.com',
    first_name: 'Paul',
    last_name: 'Girard',
    store: 'Boutique Bellecour',
    points: 7400,
  },
  {
    email: 'manon.blanc@example.com',
    first_name: 'Manon',
    last_name: 'Blanc',
    store: 'Boutique Bellecour',
    points: 0,
  },
  {
    email: 'james.whitmore@example.com',
    first_name: 'James',
    last_name: 'Whitmore',
    store: 'Boutique New Bond Street',
    points: 66200,
  },
  {
    email: 'olivia.hart@example.com',
    first_name: 'Olivia',
    last_name: 'Hart',
    store: 'Boutique New Bond Street',
    points: 33900,
  },
  {
    email: 'henry.lawson@example.com',
    first_name: 'Henry',
    last_name: 'Lawson',
    store: 'Boutique New Bond Street',
    points: 12600,
  },
  {
    email: 'grace.bennett@example.com',
    first_name: 'Grace',
    last_name: 'Bennett',
    store: 'Boutique New Bond Street',
    points: 4700,
  },
  {
    email: 'kenji.sato@example.com',
    first_name: 'Kenji',
    last_name: 'Sato',
    store: 'Boutique Ginza',
    points: 58700,
  },
  {
    email: 'yuki.tanaka@example.com',
    first_name: 'Yuki',
    last_name: 'Tanaka',
    store: 'Boutique Ginza',
    points: 24100,
  },
  {
    email: 'haruto.ito@example.com',
    first_name: 'Haruto',
    last_name: 'Ito',
    store: 'Boutique Ginza',
    points: 15300,
  },
  {
    email: 'aiko.yamamoto@example.com',
    first_name: 'Aiko',
    last_name: 'Yamamoto',
    store: 'Boutique Ginza',
    points: 2600,
  },
  {
    email: 'mei.tan@example.com',
    first_name: 'Mei',
    last_name: 'Tan',
    store: 'Boutique Marina Bay',
    points: 36400,
  },
  {
    email: 'daniel.lim@example.com',
    first_name: 'Daniel',
    last_name: 'Lim',
    store: 'Boutique Marina Bay',
    points: 21700,
  },
  {
    email: 'priya.nair@example.com',
    first_name: 'Priya',
    last_name: 'Nair',
    store: 'Boutique Marina Bay',
    points: 9300,
  },
  {
    email: 'wei.chen@example.com',
    first_name: 'Wei',
    last_name: 'Chen',
    store: 'Boutique Marina Bay',
    points: 600,
  },
  {
    email: 'laura.rochat@example.com',
    first_name: 'Laura',
    last_name: 'Rochat',
    store: 'Boutique Rhône',
    points: 45200,
  },
  {
    email: 'noah.baumann@example.com',
    first_name: 'Noah',
    last_name: 'Baumann',
    store: 'Boutique Bahnhofstrasse',
    points: 13800,
  },
  {
    email: 'clara.dumas@example.com',
    first_name: 'Clara',
    last_name: 'Dumas',
    store: 'Boutique Bellecour',
    points: 29900,
  },
  {
    email: 'oscar.reid@example.com',
    first_name: 'Oscar',
    last_name: 'Reid',
    store: 'Boutique New Bond Street',
    points: 18400,
  },
  {
    email: 'rin.kobayashi@example.com',
    first_name: 'Rin',
    last_name: 'Kobayashi',
    store: 'Boutique Ginza',
    points: 7900,
  },
  {
    email: 'ethan.goh@example.com',
    first_name: 'Ethan',
    last_name: 'Goh',
    store: 'Boutique Marina Bay',
    points: 52300,
  },
];
