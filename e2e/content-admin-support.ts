/**
 * Helpers for the back-office journeys of press content (not a test file): a server with the demo content, a
 * press officer (administrator_press_room) and a journalist (user_press_room).
 */
import { journalist } from './press-content-support.ts';
import { type ServerOptions, startServer } from './support/server.ts';
import { relaxedRateLimits } from './web-app.ts';

export const officer = { email: 'paola.neri@association.test', password: 'Press_office1!' };

const createUser = (
  user: { email: string; password: string },
  firstName: string,
  lastName: string,
  group: string,
) => [
  'create-user',
  '--email',
  user.email,
  '--password',
  user.password,
  '--first-name',
  firstName,
  '--last-name',
  lastName,
  '--groups',
  group,
];

export function startOfficeServer(options: ServerOptions = {}) {
  return startServer({
    ...options,
    env: { ...relaxedRateLimits, ...options.env },
    cli: [
      ['seed-demo'],
      createUser(officer, 'Paola', 'Neri', 'administrator_press_room'),
      createUser(journalist, 'Anna', 'Rossi', 'user_press_room'),
    ],
  });
}
