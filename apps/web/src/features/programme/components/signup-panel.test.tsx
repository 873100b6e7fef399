import type { ProgrammeClashList, ProgrammeEvent, SessionUser } from '@pressroom/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { programmeClashesQuery } from '../api.ts';
import { programmeIt } from '../i18n/it.ts';
import { SignupPanel } from './signup-panel.tsx';

const translator = i18next.createInstance();
await translator.use(initReactI18next).init({
  lng: 'it',
  resources: { it: { translation: { programme: programmeIt } } },
  interpolation: { escapeValue: false },
});

/** A talk at the fair in Rome at 10:30, with places left, that the journalist has not signed up for. */
const talk: ProgrammeEvent = {
  id: 7,
  edition: { id: 1, name: 'Tile Fair 2026', time_zone: 'Europe/Rome' },
  type: 'talk',
  status: 'approved',
  title: { en: 'Design talk', it: 'Incontro sul design' },
  description: {},
  starts_at: '2026-09-22T08:30:00.000Z',
  ends_at: '2026-09-22T09:30:00.000Z',
  place: { hall: '5', room: '', stand: '' },
  organiser: { kind: 'fair', exhibitor: null },
  languages: ['it'],
  capacity: 40,
  signup_required: true,
  releases: [],
  galleries: [],
  signed_up: 3,
  waiting: 0,
  places_left: 37,
  my_signup: null,
  sequence: 0,
  decline_reason: '',
  cancel_reason: '',
  calendar_url: '/api/site/programme/7/event.ics',
  created_at: '2026-09-01T08:00:00.000Z',
  updated_at: '2026-09-01T08:00:00.000Z',
};

function panel(clashes: ProgrammeClashList) {
  const queries = new QueryClient();
  queries.setQueryData(programmeClashesQuery(talk.id, 'it').queryKey, clashes);
  return renderToStaticMarkup(
    <QueryClientProvider client={queries}>
      <I18nextProvider i18n={translator}>
        <MemoryRouter>
          <SignupPanel event={talk} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** A journalist whose account writes German, reading the site in Italian. */
const giulia: SessionUser = {
  id: 3,
  email: 'giulia@example.com',
  first_name: 'Giulia',
  last_name: 'Bianchi',
  user_type: 'USER',
  language: 'de',
  groups: [],
  permissions: ['press_area.access'],
  company_id: null,
  consent_required: false,
};

afterEach(() => session.signOut());

describe('the sign-up beside an event', () => {
  it('names what of the journalist’s is at the same time before they sign up, beside the button', () => {
    session.signIn('token', giulia);
    const html = panel({
      data: [
        {
          kind: 'event',
          id: 3,
          title: 'Conferenza stampa di apertura',
          starts_at: '2026-09-22T08:00:00.000Z',
          ends_at: '2026-09-22T09:00:00.000Z',
        },
      ],
    });
    expect(html).toContain('data-testid="event-sign-up">Iscriviti</button>');
    expect(html).toContain('Alla stessa ora hai:');
    expect(html).toMatch(
      /<li data-testid="event-clash">Evento: Conferenza stampa di apertura, [^<]*10:00[^<]*<\/li>/,
    );
    expect(html.indexOf('event-sign-up')).toBeLessThan(html.indexOf('event-clashes'));
  });

  it('shows no warning when nothing clashes', () => {
    session.signIn('token', giulia);
    const html = panel({ data: [] });
    expect(html).toContain('Iscriviti');
    expect(html).not.toContain('event-clashes');
  });
});
