import { describe, expect, it } from 'vitest';
import { type ContactMessage, replyLink } from './api.ts';

const message: ContactMessage = {
  id: 1,
  user_id: 2,
  sender_name: 'Anna Rossi',
  sender_email: 'anna.rossi+press@giornale.test',
  subject: 'Interview & photos',
  message: 'Could I interview the president?\nThanks',
  language: 'en',
  site: 1,
  created_at: '2025-09-01T10:00:00.000Z',
  read_at: null,
};

describe('replyLink', () => {
  it('answers the sender with "Re:" and the message quoted, every part encoded', () => {
    const link = new URL(replyLink(message, 'Anna Rossi wrote:'));
    expect(link.protocol).toBe('mailto:');
    expect(decodeURIComponent(link.pathname)).toBe('anna.rossi+press@giornale.test');
    expect(link.searchParams.get('subject')).toBe('Re: Interview & photos');
    expect(link.searchParams.get('body')).toBe(
      '\n\nAnna Rossi wrote:\n> Could I interview the president?\n> Thanks',
    );
  });

  it('does not stack "Re:" on a subject that already has it', () => {
    const link = new URL(replyLink({ ...message, subject: 'RE: Accreditation' }, 'wrote:'));
    expect(link.searchParams.get('subject')).toBe('RE: Accreditation');
  });
});
