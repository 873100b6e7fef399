import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every account the browser journeys sign in with (not a test file). The journeys' global set-up creates them
 * all once with the `create-users` command, after `seed-demo`, in the data each journey's server copies
 * (demo-seed-setup.ts); a journey that needs other data makes it itself.
 */
export const journalistPassword = 'Journal1st!';

export interface JourneyUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  groups: string[];
}

const journalist = (email: string, firstName: string, lastName: string): JourneyUser => ({
  email,
  password: journalistPassword,
  firstName,
  lastName,
  groups: ['user_press_room'],
});

export const journeyUsers = {
  /** The press-content journeys' journalist. */
  journalist: journalist('anna.rossi@giornale.test', 'Anna', 'Rossi'),
  /** The press office of the content journeys. */
  officer: {
    email: 'paola.neri@association.test',
    password: 'Press_office1!',
    firstName: 'Paola',
    lastName: 'Neri',
    groups: ['administrator_press_room'],
  },
  /** The press office that publishes a release from the editor. */
  publishingOfficer: {
    email: 'press.office@association.test',
    password: 'Press_office1!',
    firstName: 'Paola',
    lastName: 'Neri',
    groups: ['administrator_press_room'],
  },
  companiesAdministrator: {
    email: 'soci@association.test',
    password: 'Companies_1!',
    firstName: 'Marta',
    lastName: 'Soci',
    groups: ['administrator_associated_companies'],
  },
  globalAdministrator: {
    email: 'global@association.test',
    password: 'Global_admin1!',
    firstName: 'Giorgio',
    lastName: 'Globale',
    groups: ['administrator_global'],
  },
  companyAdministrator: {
    email: 'capo@aurea.test',
    password: 'Company_admin1!',
    firstName: 'Carla',
    lastName: 'Capo',
    groups: ['administrator_press_room_external_company'],
  },
  companyAgent: {
    email: 'agente@aurea.test',
    password: 'Company_agent1!',
    firstName: 'Aldo',
    lastName: 'Agente',
    groups: ['agent_press_room_external_company'],
  },
  /** The administrators of the Italian screens' journey. */
  italianAdministrator: {
    email: 'globale@associazione.test',
    password: 'Global_admin1!',
    firstName: 'Giorgio',
    lastName: 'Globale',
    groups: ['administrator_global'],
  },
  italianCompaniesAdministrator: {
    email: 'aziende@associazione.test',
    password: 'Companies_admin1!',
    firstName: 'Alba',
    lastName: 'Aziende',
    groups: ['administrator_associated_companies'],
  },
  firstScreenJournalist: journalist('first-screen@example.com', 'Ada', 'Byron'),
  axeJournalist: journalist('axe@example.com', 'Alan', 'Turing'),
  guardedJournalist: journalist('guarded@example.com', 'Grace', 'Hopper'),
  extrasJournalist: journalist('extras@example.com', 'Grace', 'Hopper'),
  extrasAdministrator: {
    email: 'extras-admin@example.com',
    password: journalistPassword,
    firstName: 'Ada',
    lastName: 'Admin',
    groups: ['administrator_global'],
  },
  twoSitesJournalist: journalist('both-sites@example.com', 'Lise', 'Meitner'),
} satisfies Record<string, JourneyUser>;

const csvCell = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** Every journey user as the `create-users` command's CSV file (groups space-separated). */
function journeyUsersCsv(): string {
  // The journalists answered about the press office's mail before (no): otherwise the question asked of accounts
  // that never answered would stand above every screen these journeys read.
  const rows = Object.values(journeyUsers as Record<string, JourneyUser>).map((user) =>
    [
      user.email,
      user.password,
      user.firstName,
      user.lastName,
      user.groups.join(' '),
      user.groups.includes('user_press_room') ? 'declined' : '',
    ]
      .map(csvCell)
      .join(','),
  );
  return `email,password,first_name,last_name,groups,press_mail\n${rows.join('\n')}\n`;
}

/** Writes `journeyUsersCsv()` into the directory; the file's path. */
export async function writeJourneyUsersFile(directory: string): Promise<string> {
  const file = path.join(directory, 'journey-users.csv');
  await writeFile(file, journeyUsersCsv());
  return file;
}

/**
 * The demo sites and content, then every journey's user (one `create-users` run for all: one process, where a
 * `create-user` per account paid the command's start each time): what the journeys' servers start from.
 */
export function demoSeedCommands(usersFile: string): string[][] {
  return [['seed-demo'], ['create-users', '--file', usersFile]];
}
