/**
 * Helpers for the back-office journeys of press content (not a test file): a server with the demo content, a
 * press officer (administrator_press_room) and a journalist (user_press_room).
 */
import { journeyUsers } from './journey-users.ts';

export const officer = journeyUsers.officer;

/** The seeded demo holds the officer and the journalist: the office's journeys start the same server. */
export { startPressServer as startOfficeServer } from './press-content-support.ts';
